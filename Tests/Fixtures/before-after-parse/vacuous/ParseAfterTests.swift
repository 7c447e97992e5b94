import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BeforeAfter

// Every assertion hides behind an `if case` that quietly skips it when the result has the other
// shape, and the success check only asks for "some tracks".
final class ParseAfterTests: XCTestCase {
    let twoTracks = Data("""
        {"resultCount": 2, "results": [
          {"artistName": "Simon & Garfunkel", "trackName": "The Boxer"},
          {"artistName": "Simon & Garfunkel", "trackName": "Mrs. Robinson"}
        ]}
        """.utf8)

    func testParse() {
        if case .success(let tracks) = MusicService().parse(data: twoTracks, error: nil) {
            XCTAssertFalse(tracks.isEmpty)
        }
        if case .failure(let error) = MusicService().parse(data: nil, error: URLError(.notConnectedToInternet)) {
            XCTAssertNotNil(error)
        }
    }
}
