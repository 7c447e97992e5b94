// Exercise expectations-count (Swift Testing): exactly once per track.
import Foundation
import Testing
import Expectations

// Importing three tracks must move the progress bar three times: once per track, not once at the
// end, and not a fourth time "to make sure it reaches 100%" (the bar would jump back and forth).
//
// The idea: `confirmation(expectedCount: 3)` counts the calls of its `Confirmation` and fails on
// too few *and* too many (XCTest needs `assertForOverFulfill` for that). But it counts only while
// its body runs, and it does not wait: a body that returns before the reports come sees zero. So
// the body awaits the completion (with `awaitCallback`), which comes after every report. (When the
// spec is a range, say "one to three reports", `expectedCount:` takes a range too.)
@Suite struct ImportProgressCountSuite {
    @Test func progressIsReportedOncePerTrack() async throws {
        let importer = TrackImporter()
        let tracks = [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
            Track(trackName: "America", artistName: "Simon & Garfunkel"),
        ]

        // Fails on fewer reports and on more, counted until the body returns.
        try await confirmation("progress reported once per track", expectedCount: tracks.count) { progressReported in
            // The body waits for the completion, which comes after every report: a fourth report
            // "to reach 100%" is counted too.
            try await awaitCallback { (importFinished: @escaping (()) -> Void) in
                importer.importTracks(tracks, progress: { _ in
                    progressReported()
                }, completion: {
                    importFinished(())
                })
            }
        }
    }
}
