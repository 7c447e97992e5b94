// Exercise mocking-request, part 2 of 2: the request that `search` fires.
//
// Before checking what MusicService does with an answer, check the question: `search("daft
// punk")` must ask the client for exactly `URLRequest.search(term: "daft punk")`, the iTunes song
// search for that term, and not some other URL.
//
// The idea: the mock records its input, so the test reads the request back from it right after
// `search` returns. Nothing is sent anywhere, and nothing needs waiting for.

import XCTest
// URLRequest lives in FoundationNetworking on Linux; on macOS, Foundation has it.
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mocking

final class SearchFiresRequestTests: XCTestCase {
    func testSearchFiresTheSearchRequestForTheTerm() {
        // Given a service whose client is the mock (it has no answer: only the request matters).
        let httpClient = MockHTTPClient()
        let sut = MusicService(httpClient: httpClient)

        // When
        sut.search("daft punk") { _ in }

        // Then: `search` called the mock before it returned, so its input is already there.
        XCTAssertTrue(httpClient.executeCalled, "search never fired a request")
        // Compare with the request the app means to send, not a hand-written URL string: the test
        // pins which search is fired, and URLRequest.search(term:) is tested on its own.
        XCTAssertEqual(httpClient.inputRequest, .search(term: "daft punk"))
    }
}
