import Foundation
import KataGradingCore

/// Something the maintainers' checks lay over a copy of `Solutions/` and grade: a weak suite
/// (`FixtureRounds`) or an attack (`AttackRounds`).
protocol PlantedCase {
    /// Its exercise's id: a round grades one case of each exercise.
    var exerciseID: String { get }
    /// The files (`Module/…`, as under `Solutions/`) it replaces or adds to.
    var writes: Set<String> { get }
    /// The files its exercise compiles with, on every track.
    var reads: Set<String> { get }
    /// True when it needs a round of its own (it attacks what every grade shares).
    var alone: Bool { get }
}

extension PlantedCase {
    var alone: Bool { false }
}

/// The rounds in which planted cases are graded, and the copy of `Solutions/` they are laid over:
/// one rule for the weak suites and the attacks, so that each is judged on its own although one
/// grade judges many.
enum PlantedRounds {
    /// The cases in rounds: each round takes each exercise's next case in turn, unless it writes a
    /// file an exercise already in the round compiles with, or its exercise compiles with a file a
    /// case already in the round writes; that case waits for a later round. A case that must be
    /// `alone` gets a round of its own, after the shared ones.
    static func plan<Case: PlantedCase>(_ cases: [Case]) -> [[Case]] {
        let shared = cases.filter { !$0.alone }
        var pending = Dictionary(grouping: shared, by: \.exerciseID)
        let order = shared.map(\.exerciseID).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var rounds: [[Case]] = []
        while pending.values.contains(where: { !$0.isEmpty }) {
            var round: [Case] = []
            var read = Set<String>(), written = Set<String>()
            for id in order {
                guard let next = pending[id]?.first, next.writes.isDisjoint(with: read), next.reads.isDisjoint(with: written) else { continue }
                round.append(next)
                read.formUnion(next.reads)
                written.formUnion(next.writes)
                pending[id]?.removeFirst()
            }
            rounds.append(round)
        }
        return rounds + cases.filter(\.alone).map { [$0] }
    }

    /// Makes `folder` a copy of `solutions` (laid out like `Exercises/`) with `files` (paths
    /// relative to it) holding what they are given instead. Unchanged files are not rewritten, so
    /// the grader's incremental build recompiles only what differs from the last copy; any other
    /// file is removed.
    static func plant(_ files: [String: Data], over solutions: URL, in folder: URL) throws {
        var wanted: [String: Data] = [:]
        for relative in try FileTree.swiftFiles(under: solutions) {
            wanted[relative] = FileManager.default.contents(atPath: solutions.appendingPathComponent(relative).path)
        }
        wanted.merge(files) { $1 }
        for (relative, data) in wanted {
            try FileTree.write(data, to: folder.appendingPathComponent(relative))
        }
        try FileTree.removeFiles(under: folder, except: Set(wanted.keys))
    }

    /// Copies the grader's logs of exercise `id`, graded from `source`, to `folder/<label>-<n>`
    /// (the next grade overwrites them where the grader keeps them).
    static func keepLogs(of id: String, from source: TestSource, state: URL, as label: String, in folder: URL) {
        let fm = FileManager.default
        let logs = state.appendingPathComponent("\(source.shadowName)/logs/\(id)")
        guard fm.fileExists(atPath: logs.path) else { return }
        var n = 1
        while fm.fileExists(atPath: folder.appendingPathComponent("\(label)-\(n)").path) { n += 1 }
        try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try? fm.copyItem(at: logs, to: folder.appendingPathComponent("\(label)-\(n)"))
    }
}

extension Catalog.Exercise {
    /// The files (`Module/…`, as under `Solutions/`) that its tracks compile with.
    var compiledFiles: Set<String> { Set(tracks.flatMap { $0.files + $0.uses }.map { "\(module)/\($0)" }) }
}
