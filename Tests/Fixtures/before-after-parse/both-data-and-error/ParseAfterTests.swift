// The unreadable-reply test was written as "a 503 page comes with an error too", so it hands
// parse both the page and an error, a pair URLSession never delivers, and expects the page's
// DecodingError. A parse that looks at the error first is rejected although it is correct for
// every reply that can really happen.
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import BeforeAfter

// What happens *after* iTunes answers is `parse(data:error:)`: a plain function from what
// URLSession delivered to a `Result`. The service only hops it onto the main queue.
//
// The idea: don't wait for a reply you cannot control; call the step that handles it directly,
// with each reply you care about. `@testable import` reaches the internal `parse`.
final class ParseAfterTests: XCTestCase {
    /// Trimmed from a real reply: the fields `Track` ignores are there on purpose.
    let twoTracks = Data("""
        {"resultCount": 2, "results": [
          {"wrapperType": "track", "kind": "song", "trackId": 1, "artistName": "Simon & Garfunkel",
           "trackName": "The Boxer", "collectionName": "Bridge Over Troubled Water"},
          {"wrapperType": "track", "kind": "song", "trackId": 2, "artistName": "Simon & Garfunkel",
           "trackName": "Mrs. Robinson", "collectionName": "Bookends"}
        ]}
        """.utf8)

    func testAReplyParsesIntoAllItsTracksInOrder() throws {
        let result = MusicService().parse(data: twoTracks, error: nil)

        XCTAssertEqual(try result.get(), [
            Track(trackName: "The Boxer", artistName: "Simon & Garfunkel"),
            Track(trackName: "Mrs. Robinson", artistName: "Simon & Garfunkel"),
        ])
    }

    func testAFailedRequestPassesItsErrorThrough() {
        let offline = URLError(.notConnectedToInternet)

        let result = MusicService().parse(data: nil, error: offline)

        // Not just "it failed": the caller shows a different message for each error, so the
        // very error URLSession reported must come out.
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual((error as? URLError)?.code, .notConnectedToInternet)
        }
    }

    func testAReplyThatIsNotASearchResponseFails() {
        let result = MusicService().parse(data: Data("<html>Service Unavailable</html>".utf8),
                                          error: URLError(.badServerResponse))

        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is DecodingError, "expected a DecodingError, got \(error)")
        }
    }
}
