import XCTest
import Expectations

// Proves "no fourth report" by waiting out a 3-second inverted expectation after the third.
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
        let fourthReport = expectation(description: "a fourth report")
        fourthReport.isInverted = true
        var reports = 0

        importer.importTracks(tracks, progress: { _ in
            reports += 1
            if reports <= tracks.count { progressReported.fulfill() } else { fourthReport.fulfill() }
        }, completion: {})

        wait(for: [progressReported], timeout: 1)
        wait(for: [fourthReport], timeout: 3)
    }
}
