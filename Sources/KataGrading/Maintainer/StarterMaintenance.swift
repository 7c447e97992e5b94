import Foundation
import KataGradingCore

/// `--refresh-starters` and `--check-starters`, which `Scripts/regenerate.sh` and the self-test run:
/// the recorded fingerprints of the shipped starters and legacy sources, written or checked.
enum StarterMaintenance {
    /// False (after saying which) when a shipped starter or legacy source differs from its
    /// recorded fingerprint.
    static func check(_ course: Course) -> Bool {
        let stale = course.catalog.allTracks.filter { !course.starterStore.isUntouched($0) }.map(\.key)
        if let edited = ShippedSources.firstEdited(course.paths) {
            StandardError().write("\(edited) differs from Catalog/sources.json. If the change is intended, run Scripts/regenerate.sh.\n")
            return false
        }
        if stale.isEmpty {
            print("Every starter matches Catalog/starters.json.")
            return true
        }
        StandardError().write("These exercises' starters differ from Catalog/starters.json: \(stale.joined(separator: ", ")).\nIf the change is intended, run Scripts/regenerate.sh.\n")
        return false
    }

    /// Records the fingerprints of the starters as they are now, and of the legacy sources.
    static func refresh(_ course: Course) throws {
        let store = course.starterStore
        var fingerprints: [String: String] = [:]
        for exercise in course.catalog.allTracks {
            for file in exercise.files {
                let url = store.exerciseFile(exercise, file)
                guard let print = Fingerprint.ofFile(at: url) else {
                    throw CatalogError("\(course.paths.relative(url)) is missing.")
                }
                fingerprints[store.key(exercise, file)] = print
            }
        }
        try StarterFingerprints(byPath: fingerprints).encoded().write(to: course.paths.starters)
        print("Recorded \(fingerprints.count) starter fingerprints in \(course.paths.relative(course.paths.starters)).")
        let sources = try ShippedSources.record(course.paths)
        print("Recorded \(sources) legacy source fingerprints in Catalog/sources.json.")
    }
}
