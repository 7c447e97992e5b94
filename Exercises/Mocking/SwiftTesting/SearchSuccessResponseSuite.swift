// Exercise mocking-success (Swift Testing): the success response.
//
// When iTunes answers, MusicService must decode the JSON and hand back the tracks in it: all of
// them, in order. The mock from the previous exercise can now play the server: set its `result`
// to the bytes iTunes would send, and it passes them to the service before `execute` returns.
//
// The idea: because the mock answers synchronously, `search` has called its completion by the time
// it returns. Store what the completion receives in a local variable and assert on it right after
// the call. No confirmation, no waiting.
//
// In Swift Testing: `try #require(result)` unwraps what the completion stored, and fails the test
// right there if the completion never ran; `#expect` then compares the tracks.

import Foundation
import Testing
import Mocking

@Suite struct SearchSuccessResponseSuite {
    @Test func searchDeliversTheTracksFromTheResponse() throws {
        // TODO: give a MockHTTPClient a successful answer: iTunes-style JSON with a couple of
        // tracks, like {"resultCount": 1, "results": [{"trackName": "…", "artistName": "…"}]}.
        // Search, then check that the completion received exactly those tracks.
        Issue.record("TODO: write the success test in SwiftTesting/SearchSuccessResponseSuite.swift")
    }
}
