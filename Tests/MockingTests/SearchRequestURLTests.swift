import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mocking

final class MockingSearchRequestURLTests: XCTestCase {
    func testSearchRequestAsksITunesForSongsMatchingTheTerm() throws {
        let request = URLRequest.search(term: "daft punk")
        let url = try XCTUnwrap(request.url)
        let components = try XCTUnwrap(URLComponents(url: url, resolvingAgainstBaseURL: false))

        XCTAssertEqual(components.scheme, "https")
        XCTAssertEqual(components.host, "itunes.apple.com")
        XCTAssertEqual(components.path, "/search")
        XCTAssertEqual(components.queryItems, [
            URLQueryItem(name: "media", value: "music"),
            URLQueryItem(name: "entity", value: "song"),
            URLQueryItem(name: "term", value: "daft punk"),
        ])
        XCTAssertEqual(request.httpMethod, "GET")
    }

    func testSearchRequestPercentEncodesTheTerm() {
        XCTAssertEqual(URLRequest.search(term: "daft punk").url?.absoluteString,
                       "https://itunes.apple.com/search?media=music&entity=song&term=daft%20punk")
    }

    func testSearchRequestsForDifferentTermsDiffer() {
        XCTAssertNotEqual(URLRequest.search(term: "a"), URLRequest.search(term: "b"))
        XCTAssertEqual(URLRequest.search(term: "a"), URLRequest.search(term: "a"))
    }
}
