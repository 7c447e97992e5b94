import Foundation
import KataGradingCore

/// Knows the shipped starters: whether an attendee's file is still one, and what it said.
///
/// The starters' text is in `Catalog/starters.json`, so every answer works without git: in a ZIP
/// download, and after an attendee committed their work over the starter.
public struct StarterStore: Sendable {
    public var paths: KataPaths
    public var catalog: Catalog
    public var starters: ShippedStarters

    public func key(_ exercise: Catalog.Exercise, _ file: String) -> String {
        "\(exercise.module)/\(file)"
    }

    public func exerciseFile(_ exercise: Catalog.Exercise, _ file: String) -> URL {
        paths.exercises.appendingPathComponent(key(exercise, file))
    }

    public func solutionFile(_ exercise: Catalog.Exercise, _ file: String) -> URL {
        paths.solutions.appendingPathComponent(key(exercise, file))
    }

    /// True while the file holds the starter, whatever an editor did to its line endings, its
    /// byte-order mark or the spaces at the ends of its lines (`StarterText`).
    public func isUntouched(_ exercise: Catalog.Exercise, _ file: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: exerciseFile(exercise, file).path) else { return false }
        return starters.isStarter(key(exercise, file), data)
    }

    /// The files of `tracks`, as `key` names them, that no longer hold their starter (or cannot be
    /// read): each read once, however many tracks share it.
    public func editedFiles(of tracks: [Catalog.Exercise]) -> Set<String> {
        var read: Set<String> = [], edited: Set<String> = []
        for track in tracks {
            for file in track.files where read.insert(key(track, file)).inserted && !isUntouched(track, file) {
                edited.insert(key(track, file))
            }
        }
        return edited
    }

    /// True while every file the attendee edits for `exercise` is still the shipped starter.
    public func isUntouched(_ exercise: Catalog.Exercise) -> Bool {
        exercise.files.allSatisfy { isUntouched(exercise, $0) }
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var description: String
    }

    /// The shipped starter's text, as `Catalog/starters.json` keeps it.
    public func starterText(_ exercise: Catalog.Exercise, _ file: String) throws -> Data {
        guard let text = starters.texts[key(exercise, file)] else {
            throw NotFound(description: "Catalog/starters.json has no starter for Exercises/\(key(exercise, file)). Restore Catalog/starters.json from a fresh copy of the kata.")
        }
        return Data(text.utf8)
    }
}
