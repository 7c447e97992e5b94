import Foundation
import KataGradingCore

/// `--refresh-starters` and `--check-starters`, which `Scripts/regenerate.sh` and the self-test run:
/// the recorded text of the shipped starters and the fingerprints of the kata's own files (`ShippedKata`), written
/// or checked. `--refresh-starters` also writes the case tests generated from their folders (`CaseTests`).
enum StarterMaintenance {
    /// The starters as `Exercises/` holds them now, byte for byte.
    static func current(_ course: Course) throws -> ShippedStarters {
        let store = course.starterStore
        var texts: [String: String] = [:]
        for exercise in course.catalog.allTracks {
            for file in exercise.files {
                let url = store.exerciseFile(exercise, file)
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw CatalogError("\(course.paths.relative(url)) is missing or unreadable.")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw CatalogError("\(course.paths.relative(url)) is not UTF-8 text.")
                }
                texts[store.key(exercise, file)] = text
            }
        }
        return ShippedStarters(texts: texts)
    }

    /// The files of `Exercises/` that differ from their recorded text (byte for byte: the recorded
    /// text is what `--reset` writes), with those recorded but no longer in the catalog.
    static func staleStarters(_ course: Course) -> [String] {
        guard let now = try? current(course) else { return ["Exercises/ (a starter is missing)"] }
        let keys = Set(now.texts.keys).union(course.starters.texts.keys)
        return keys.filter { now.texts[$0] != course.starters.texts[$0] }.sorted()
    }

    /// False (after saying which) when a shipped starter or legacy source differs from its record.
    static func check(_ course: Course) -> Bool {
        if let edited = ShippedKata.firstEdited(course.paths) {
            StandardError().write("\(edited.file) differs from Catalog/sources.json. If the change is intended, run Scripts/regenerate.sh.\n")
            return false
        }
        let stale = staleStarters(course)
        if stale.isEmpty {
            print("Every starter matches Catalog/starters.json.")
            return true
        }
        StandardError().write("These starters differ from Catalog/starters.json: \(stale.joined(separator: ", ")).\nIf the change is intended, run Scripts/regenerate.sh.\n")
        return false
    }

    /// Records the text of the starters as they are now, and the fingerprints of the kata's own
    /// files (`ShippedKata`); writes the case tests that changed (`CaseTests`).
    static func refresh(_ course: Course) throws {
        let starters = try current(course)
        try starters.encoded().write(to: course.paths.starters)
        print("Recorded \(starters.texts.count) starters in \(course.paths.relative(course.paths.starters)).")
        let sources = try ShippedKata.record(course.paths)
        print("Recorded \(sources) fingerprints of the kata's own files in Catalog/sources.json.")
        try CaseTests.write(course)
    }
}
