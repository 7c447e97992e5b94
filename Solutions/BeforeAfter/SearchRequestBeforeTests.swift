// Exercise before-after-request: The request, before it fires.

import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// The search field calls `MusicService.search` on every keystroke. The service has no seam: it
// goes straight to `URLSession.shared`, and iTunes answers whenever it likes, or never (on a train,
// in CI). A test that waits for that answer is slow, flaky, and tests the network.
//
// The idea: test *before* the answer. The moment `search` returns, the request it is about to fire
// already sits in `currentTask`. Assert on it synchronously, with no waiting at all.
final class SearchRequestBeforeTests: XCTestCase {
    func testSearchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService()
        sut.search("Simon & Garfunkel") { _ in }
        // Nothing has gone out yet: the service waits for a pause in typing. Cancelling the task
        // now, before that pause can pass on the main queue, means nothing ever does.
        let task = try XCTUnwrap(sut.currentTask)
        defer { task.cancel() }

        let request = try XCTUnwrap(task.originalRequest)
        let url = try XCTUnwrap(request.url)
        let components = try XCTUnwrap(URLComponents(url: url, resolvingAgainstBaseURL: false))
        XCTAssertEqual(request.httpMethod, "GET")
        XCTAssertEqual(components.scheme, "https")
        XCTAssertEqual(components.host, "itunes.apple.com")
        XCTAssertEqual(components.path, "/search")
        // Spelled out, not built with `URLRequest.search(term:)`: an expected value computed by the
        // code under test agrees with it even when both are wrong. Compared as a set, because the
        // order of the query items means nothing to the server.
        XCTAssertEqual(Set(components.queryItems ?? []), [
            URLQueryItem(name: "media", value: "music"),
            URLQueryItem(name: "entity", value: "song"),
            URLQueryItem(name: "term", value: "Simon & Garfunkel"),
        ])
    }
}
