// Exercise expectations-count: Exactly once per track.

import XCTest
import Expectations

// Importing three tracks must move the progress bar three times: once per track, not once at the
// end, and not a fourth time "to make sure it reaches 100%" (the bar would jump back and forth).
//
// The idea: `expectedFulfillmentCount` makes an expectation wait for N calls. Only with
// `assertForOverFulfill` does call N + 1 fail the test, and its default differs: Apple's
// `expectation(description:)` turns it on, Linux's XCTest leaves it off (and
// `XCTestExpectation(description:)` leaves it off on both). Set it yourself, so that the test means
// the same on every machine. An extra call is noticed only while the test still waits, so wait for
// the completion as well: it comes after every progress report.
final class ImportProgressCountTests: XCTestCase {
    func testProgressIsReportedOncePerTrack() {
        let importer = TrackImporter()
        let tracks = [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
            Track(trackName: "America", artistName: "Simon & Garfunkel"),
        ]
        let progressReported = expectation(description: "progress reported once per track")
        progressReported.expectedFulfillmentCount = tracks.count
        progressReported.assertForOverFulfill = true
        let importFinished = expectation(description: "import finished")

        importer.importTracks(tracks, progress: { _ in
            progressReported.fulfill()
        }, completion: {
            importFinished.fulfill()
        })

        // Three tracks at 80 ms each: 0.35 s covers it.
        wait(for: [progressReported, importFinished], timeout: 0.35)
    }
}
