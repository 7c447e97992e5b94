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
    @Test func searchFiresTheSearchRequestForTheTerm() {
        // TODO: finish MockHTTPClient (MockHTTPClient.swift) first. Then make a MusicService with a
        // MockHTTPClient, search for a term, and check what the mock recorded.
        Issue.record("TODO: finish MockHTTPClient.swift, then write this test in SwiftTesting/SearchFiresRequestSuite.swift")
    }
}
