import Foundation
import KataGradingCore

/// Knows the shipped starters: whether an attendee's file is still one, and what it said.
///
/// The fingerprints in `Catalog/starters.json` answer "untouched?" with no git at all. To restore
/// or show a starter, the store looks for the file's version in the checkout's git history whose
/// fingerprint matches, so it finds the starter even after an attendee committed their work.
public struct StarterStore: Sendable {
    public var paths: KataPaths
    public var catalog: Catalog
    public var fingerprints: StarterFingerprints

    public func key(_ exercise: Catalog.Exercise, _ file: String) -> String {
        "\(exercise.module)/\(file)"
    }

    public func exerciseFile(_ exercise: Catalog.Exercise, _ file: String) -> URL {
        paths.exercises.appendingPathComponent(key(exercise, file))
    }

    public func solutionFile(_ exercise: Catalog.Exercise, _ file: String) -> URL {
        paths.solutions.appendingPathComponent(key(exercise, file))
    }

    public func isUntouched(_ exercise: Catalog.Exercise, _ file: String) -> Bool {
        guard let expected = fingerprints.byPath[key(exercise, file)] else { return false }
        return Fingerprint.ofFile(at: exerciseFile(exercise, file)) == expected
    }

    /// True while every file the attendee edits for `exercise` is still the shipped starter.
    public func isUntouched(_ exercise: Catalog.Exercise) -> Bool {
        exercise.files.allSatisfy { isUntouched(exercise, $0) }
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var description: String
    }

    /// The shipped starter's text: the working file if untouched, else the matching git version.
    public func starterText(_ exercise: Catalog.Exercise, _ file: String) throws -> Data {
        let url = exerciseFile(exercise, file)
        if isUntouched(exercise, file), let data = FileManager.default.contents(atPath: url.path) { return data }
        guard let expected = fingerprints.byPath[key(exercise, file)] else {
            throw NotFound(description: "Catalog/starters.json has no fingerprint for \(paths.relative(url)).")
        }
        let relative = paths.relative(url)
        guard let git = ProcessRunner.which("git") else {
            throw NotFound(description: "git is not installed, so the starter of \(relative) cannot be recovered. Download a fresh copy of the kata and copy the file from there.")
        }
        let logs = paths.state.appendingPathComponent("logs")
        let history = try ProcessRunner.shared.run(git, ["-C", paths.root.path, "log", "--format=%H", "--", relative],
                                                   timeout: 30, log: logs.appendingPathComponent("git-log.txt"))
        for commit in history.output.split(separator: "\n").prefix(200) {
            let show = try ProcessRunner.shared.run(git, ["-C", paths.root.path, "show", "\(commit):\(relative)"],
                                                    timeout: 30, log: logs.appendingPathComponent("git-show.txt"))
            let data = Data(show.output.utf8)
            if show.termination == .exited(0), Fingerprint.of(data) == expected { return data }
        }
        throw NotFound(description: "no version of \(relative) in this checkout's git history matches the shipped starter. Copy it from a fresh clone of the kata.")
    }
}
