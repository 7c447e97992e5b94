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

/// An error no other code produces, so that getting it back proves it was passed through.
private struct OfflineError: Error, Equatable {}

@Suite struct SearchFailureResponseSuite {
    @Test func searchPassesTheClientsErrorThrough() throws {
        // Given
        let httpClient = MockHTTPClient()
        httpClient.result = .failure(OfflineError())
        let sut = MusicService(httpClient: httpClient)
        // Collect every call, not just the last: a completion called twice is a bug as well.
        var results: [Result<[Track], Error>] = []

        // When
        sut.search("daft punk") { results.append($0) }

        // Then
        #expect(results.count == 1, "search must call its completion exactly once")
        let result = try #require(results.first, "search never called its completion")
        // This very error, not just any failure.
        #expect(throws: OfflineError()) { try result.get() }
    }
}
