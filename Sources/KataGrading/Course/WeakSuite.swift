import Foundation
import KataGradingCore
import KataVerdicts

/// A weak suite: a fixture in `Tests/Fixtures/<exercise>/<name>/`, files laid over the reference
/// solution, and an `expected` file that says what the grader must judge it and why it is weak.
/// `--demo` projects them; the self-test grades them; the maintainers' check reads them.
///
/// `expected`: the verdict on its first line, then `key: value` lines:
/// - `why:` the one-line reason the suite is weak, as `--demo` shows it first (required, and
///   distinct from every other fixture's);
/// - `rejected-by:` the wheat that rejects it, for a *rejects correct code* fixture;
/// - `perturbed:` the perturbation points whose delays reject it, for one no written wheat
///   rejects (`Perturbation`);
/// - `hand-off:` with two points or more, the hand-off the rejection must name as the one that
///   matters, in its point's words (`Judge.handOffThatMatters`);
/// - `grader-only:` what of the grader it tests, for a suite that teaches nothing to a room:
///   `--demo` leaves it out.
/// A line that starts with `#` is a note for maintainers.
struct WeakSuite: Equatable {
    var name: String
    var folder: URL
    /// Its Swift files, relative to its folder (`SwiftTesting/…Suite.swift` for that track).
    var files: [String]
    var expected: Expected

    struct Expected: Equatable {
        /// The verdict it must get, its first line; nil when that line is none (`firstLine` then
        /// says what it is, for the maintainers' check).
        var verdict: VerdictKind?
        /// The first line as written (nil for an empty or missing file).
        var firstLine: String?
        var why: String?
        var rejectedBy: String?
        var graderOnly: String?
        var handOff: String?
        /// `key:` lines that are none of the above.
        var unknownKeys: [String] = []

        static let keys = ["why", "rejected-by", "perturbed", "grader-only", "hand-off"]

        static func parse(_ text: String) -> Expected {
            // A line that starts with "#" is a note for maintainers.
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            func value(_ key: String) -> String? {
                lines.first { $0.hasPrefix(key + ":") }.map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) }
            }
            let unknown = lines.dropFirst().compactMap { line -> String? in
                let key = line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? line
                return keys.contains(key) ? nil : key
            }
            return Expected(verdict: lines.first.flatMap(VerdictKind.init(rawValue:)), firstLine: lines.first, why: value("why"), rejectedBy: value("rejected-by"),
                            graderOnly: value("grader-only"), handOff: value("hand-off"), unknownKeys: unknown)
        }
    }

    /// The track this suite is written for: the first of `exercise`'s tracks whose own files (not
    /// shared with its other track) it replaces, else the first.
    func track(of exercise: Catalog.Exercise) -> Catalog.Exercise {
        exercise.tracks.first { !Set($0.ownFiles).isDisjoint(with: files) } ?? exercise
    }

    /// Makes `folder` a copy of `solutions` (laid out like `Exercises/`) with each suite's files
    /// laid over its module's folder (`PlantedRounds.plant`).
    static func plant(_ suites: [(suite: WeakSuite, module: String)], over solutions: URL, in folder: URL) throws {
        var files: [String: Data] = [:]
        for (suite, module) in suites {
            for file in suite.files {
                files["\(module)/\(file)"] = FileManager.default.contents(atPath: suite.folder.appendingPathComponent(file).path)
            }
        }
        try PlantedRounds.plant(files, over: solutions, in: folder)
    }

    /// The weak suites of `exercise` under `root` (the checkout), by name; folders without a Swift
    /// file are not suites.
    static func all(of exercise: Catalog.Exercise, root: URL) -> [WeakSuite] {
        let fixtures = root.appendingPathComponent("Tests/Fixtures/\(exercise.id)")
        let fm = FileManager.default
        let names = ((try? fm.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            let folder = fixtures.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            let text = (try? String(contentsOf: folder.appendingPathComponent("expected"), encoding: .utf8)) ?? ""
            return WeakSuite(name: name, folder: folder, files: ((try? FileTree.swiftFiles(under: folder)) ?? []).sorted(),
                             expected: Expected.parse(text))
        }
    }
}
