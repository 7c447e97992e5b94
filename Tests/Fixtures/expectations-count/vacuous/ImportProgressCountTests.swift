import XCTest
import Expectations

// Counts in the callbacks and asserts in the completion, which runs after the test has ended.
final class ImportProgressCountTests: XCTestCase {
    func testProgressIsReportedOncePerTrack() {
        let importer = TrackImporter()
        let tracks = [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
            Track(trackName: "America", artistName: "Simon & Garfunkel"),
        ]
        var reports = 0
        importer.importTracks(tracks, progress: { _ in
            reports += 1
        }, completion: {
            XCTAssertEqual(reports, tracks.count)
        })
    }
}
