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
        // TODO: finish MockHTTPClient (MockHTTPClient.swift) first. Then make a MusicService with a
        // MockHTTPClient, search for a term, and check what the mock recorded.
        XCTFail("TODO: finish MockHTTPClient.swift, then write this test in SearchFiresRequestTests.swift")
    }
}
