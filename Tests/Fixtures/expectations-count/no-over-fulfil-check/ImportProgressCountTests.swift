import XCTest
import Expectations

// Waits for three reports, but a fourth passes unnoticed: nothing sets assertForOverFulfill, and an
// XCTestExpectation made with its initializer leaves it off on every platform (Apple's
// `expectation(description:)` would turn it on, Linux's would not: this fixture relies on neither).
final class ImportProgressCountTests: XCTestCase {
    func testProgressIsReportedOncePerTrack() {
        let importer = TrackImporter()
        let tracks = [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
            Track(trackName: "America", artistName: "Simon & Garfunkel"),
        ]
        let progressReported = XCTestExpectation(description: "progress reported once per track")
        progressReported.expectedFulfillmentCount = tracks.count
        let importFinished = expectation(description: "import finished")

        importer.importTracks(tracks, progress: { _ in
            progressReported.fulfill()
        }, completion: {
            importFinished.fulfill()
        })

        wait(for: [progressReported, importFinished], timeout: 1)
    }
}
