// Exercise mocking-failure (Swift Testing): the failure response.
//
// When the request fails (offline, timed out, server gone), MusicService must tell its caller
// exactly once, with the client's own error, so the app can say "you are offline" instead of
// showing an empty list or a spinner that never stops.
//
// The idea: the mock makes failure as easy to produce as success. Answer with an error the test
// made up, and check that this very error comes back, and that the completion ran exactly once.
//
// In Swift Testing: `#expect(throws:)` checks which error a throwing call gives, and an error type
// that is `Equatable` lets it check that it is this very error.

import Foundation
import Testing
import Mocking

@Suite struct SearchFailureResponseSuite {
    @Test func searchPassesTheClientsErrorThrough() {
        // TODO: give a MockHTTPClient a failing answer with an error type of your own. Search, then
        // check what the completion received, and how many times it was called.
        Issue.record("TODO: write the failure test in SwiftTesting/SearchFailureResponseSuite.swift")
    }
}
