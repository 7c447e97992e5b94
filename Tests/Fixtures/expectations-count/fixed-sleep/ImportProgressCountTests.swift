import XCTest
import Expectations

// Runs the main run loop a fixed 100 ms, then counts the reports.
final class ImportProgressCountTests: XCTestCase {
    func testProgressIsReportedOncePerTrack() {
        let importer = TrackImporter()
        let tracks = [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
            Track(trackName: "America", artistName: "Simon & Garfunkel"),
        ]
        var reports = 0
        importer.importTracks(tracks, progress: { _ in reports += 1 }, completion: {})

        RunLoop.current.run(until: Date().addingTimeInterval(0.1))

        XCTAssertEqual(reports, tracks.count)
    }
}
