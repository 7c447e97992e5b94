import Foundation
import KataGradingCore

/// The Swift version of the toolchain that builds the tests (`swift --version`, which decides the
/// `needs` verdicts), kept between grades under the toolchain's identity
/// (`GradingMachine.toolchain`, the same one a kept verdict is keyed by), so that a grade does not
/// start the driver to learn what the last grade learnt: about 0.08 s of every edit–grade.
///
/// Kept in `.build/kata/verdicts/swift-version.json`, beside the kept runs and under the same rules
/// (`VerdictCache`): the seal covers it, a grade whose tests changed anything there forgets it
/// with the runs, it is read only when it is a plain file, and it is written only by a grade that
/// holds the checkout's lock, once the seal held (`keepAsked`). A grade that only waits for the
/// lock, or `--list`, asks the driver and keeps nothing, so that nothing is ever written into the
/// folder while another grade's tests run.
enum KnownSwiftVersion {
    private struct Kept: Codable {
        var toolchain: String
        var swiftVersion: Version
    }

    /// What this process asked the driver and has not kept yet, by state folder.
    private static let asked = Locked<[String: Kept]>([:])

    static func file(in state: URL) -> URL {
        VerdictCache.root(in: state).appendingPathComponent("swift-version.json")
    }

    /// The kept version when it names this toolchain, else `ask`'s answer (kept later by
    /// `keepAsked`), nil when the driver does not say. The driver is asked whatever was kept with
    /// `askAgain` (`--regrade`), and when the kept version is below `needed` (the newest Swift an
    /// exercise requires): a kept answer alone never judges an exercise *needs*, so a hand-edited
    /// file can cost at most the driver's 0.08 s, never a verdict.
    static func version(swift: String, state: URL, askAgain: Bool = false, needed: Version? = nil, ask: () -> Version?) -> Version? {
        let toolchain = GradingMachine.toolchain(swift: swift)
        if !askAgain, let kept = read(state), kept.toolchain == toolchain, needed.map({ kept.swiftVersion >= $0 }) ?? true {
            return kept.swiftVersion
        }
        guard let version = ask() else { return nil }
        asked.withLock { $0[state.path] = Kept(toolchain: toolchain, swiftVersion: version) }
        return version
    }

    /// Writes what this process asked of the driver for `state`. Called by a grade holding the
    /// checkout's lock, after its seal check.
    static func keepAsked(in state: URL) {
        guard let kept = asked.withLock({ $0.removeValue(forKey: state.path) }),
              let data = try? JSONEncoder().encode(kept) else { return }
        let folder = VerdictCache.root(in: state)
        guard (try? GraderFolder.makeReal(folder, within: state)) != nil else { return }
        // Written aside and renamed over the name: a link there is replaced, never followed.
        try? data.write(to: file(in: state), options: .atomic)
    }

    private static func read(_ state: URL) -> Kept? {
        FileContents.data(at: file(in: state), followingLinks: false).flatMap { try? JSONDecoder().decode(Kept.self, from: $0) }
    }
}
