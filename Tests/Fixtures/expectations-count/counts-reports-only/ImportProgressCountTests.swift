import XCTest
import Expectations

// Importing three tracks must move the progress bar three times: once per track, not once at the
// end, and not a fourth time "to make sure it reaches 100%" (the bar would jump back and forth).
//
// Fixture: the Expectations article's way, counting the reports with assertForOverFulfill and
// waiting for them only. It must be done every time: the extra report comes in the same main-queue
// turn as the last one, so it always lands while the test still waits.
//
// The idea: `expectedFulfillmentCount` makes an expectation wait for N calls. Only with
// `assertForOverFulfill` does call N + 1 fail the test, and its default differs by platform. An
// extra call is noticed only while the test still waits, so wait for the completion as well: it
// comes after every progress report.
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

        importer.importTracks(tracks, progress: { _ in
            progressReported.fulfill()
        }, completion: {})

        wait(for: [progressReported], timeout: 1)
    }
}
