// Exercise expectations-count: Exactly once per track.
// An honest style the repository's solution does not use: enforceOrder, since the importer
// promises its completion after the last progress report, and a generous timeout.

import XCTest
import Expectations

final class ImportProgressCountTests: XCTestCase {
    func testProgressIsReportedOncePerTrackThenTheImportFinishes() {
        let importer = TrackImporter()
        let tracks = [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
            Track(trackName: "America", artistName: "Simon & Garfunkel"),
        ]
        let progressReported = XCTestExpectation(description: "progress reported once per track")
        progressReported.expectedFulfillmentCount = tracks.count
        progressReported.assertForOverFulfill = true
        let importFinished = XCTestExpectation(description: "import finished")

        importer.importTracks(tracks, progress: { _ in progressReported.fulfill() }, completion: { importFinished.fulfill() })

        wait(for: [progressReported, importFinished], timeout: 5, enforceOrder: true)
    }
}
