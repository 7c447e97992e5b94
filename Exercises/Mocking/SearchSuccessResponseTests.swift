// Exercise mocking-success: the success response.
//
// When iTunes answers, MusicService must decode the JSON and hand back the tracks in it: all of
// them, in order. The mock from the previous exercise can now play the server: set its `result`
// to the bytes iTunes would send, and it passes them to the service before `execute` returns.
//
// The idea: because the mock answers synchronously, `search` has called its completion by the time
// it returns. Store what the completion receives in a local variable and assert on it right after
// the call. No expectation, no waiting.

import XCTest
import Mocking

final class SearchSuccessResponseTests: XCTestCase {
    func testSearchDeliversTheTracksFromTheResponse() throws {
        // TODO: give a MockHTTPClient a successful answer: iTunes-style JSON with a couple of
        // tracks, like {"resultCount": 1, "results": [{"trackName": "…", "artistName": "…"}]}.
        // Search, then check that the completion received exactly those tracks.
        XCTFail("TODO: write the success test in SearchSuccessResponseTests.swift")
    }
}
