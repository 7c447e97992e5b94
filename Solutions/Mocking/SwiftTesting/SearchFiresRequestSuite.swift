// Exercise mocking-request (Swift Testing), part 2 of 2: the request that `search` fires.
//
// Before checking what MusicService does with an answer, check the question: `search("daft
// punk")` must ask the client for exactly `URLRequest.search(term: "daft punk")`, the iTunes song
// search for that term, and not some other URL.
//
// The idea: the mock records its input, so the test reads the request back from it right after
// `search` returns. Nothing is sent anywhere, and nothing needs waiting for.
//
// In Swift Testing: `#expect` replaces XCTAssert, and `#require` stops the test when what follows
// makes no sense without it. Swift Testing runs tests in parallel by default, so make the mock
// inside the test: state that one test owns cannot be changed by another.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Mocking

@Suite struct SearchFiresRequestSuite {
    @Test func searchFiresTheSearchRequestForTheTerm() throws {
        // Given a service whose client is the mock, made here so that no other test can touch it
        // (it has no answer: only the request matters).
        let httpClient = MockHTTPClient()
        let sut = MusicService(httpClient: httpClient)

        // When
        sut.search("daft punk") { _ in }

        // Then: `search` called the mock before it returned, so its input is already there.
        // `#require` stops here if no request was fired: comparing a nil request says less.
        let request = try #require(httpClient.inputRequest, "search never fired a request")
        #expect(httpClient.executeCalled)
        // Compare with the request the app means to send, not a hand-written URL string.
        #expect(request == .search(term: "daft punk"))
    }
}
