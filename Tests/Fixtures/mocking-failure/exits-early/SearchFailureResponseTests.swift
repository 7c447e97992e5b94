// Exercise mocking-failure: the failure response.
//
// When the request fails (offline, timed out, server gone), MusicService must tell its caller
// exactly once, with the client's own error, so the app can say "you are offline" instead of
// showing an empty list or a spinner that never stops.
//
// The idea: the mock makes failure as easy to produce as success. Answer with an error the test
// made up, and check that this very error comes back, and that the completion ran exactly once.

import XCTest
import Mocking

/// An error no other code produces, so that getting it back proves it was passed through.
private struct OfflineError: Error {}

final class SearchFailureResponseTests: XCTestCase {
    func testSearchPassesTheClientsErrorThrough() {
        // Given
        let httpClient = MockHTTPClient()
        httpClient.result = .failure(OfflineError())
        let sut = MusicService(httpClient: httpClient)
        // Collect every call, not just the last: a completion called twice is a bug as well.
        var results: [Result<[Track], Error>] = []

        // When
        sut.search("daft punk") { results.append($0) }

        // Then
        XCTAssertEqual(results.count, 1, "search must call its completion exactly once")
        guard case .failure(let error)? = results.first else {
            return XCTFail("expected a failure, got \(results)")
        }
        XCTAssertTrue(error is OfflineError, "expected the client's own error, got \(error)")
    }
}

// Fixture: the suite above is the reference solution; this class ends the test process before
// the rest can finish. A run cut short is never a pass, whichever test it was in: failing.
final class AAEndsTheRunEarly: XCTestCase {
    func testEndsTheProcess() {
        exit(0)
    }
}
