// Exercise busy-assertion-predicate (Swift Testing): a poller that hands back what it waited for.
//
// When a search fails, the screen must say so and stop the spinner. Again nothing calls back: the
// error message simply appears, later, on the main queue.
//
// XCTest ships a poller of its own, `XCTNSPredicateExpectation`. Swift Testing does not, and its
// `confirmation` never waits: it counts only what happens before its body returns. So the poller
// stays yours, and it can do what the predicate expectation cannot: hand back the value it saw.
//
// The idea: the `#require` of busy assertions. `requireEventually` polls an optional until it has
// a value, and returns it, or throws (and records an issue at the caller's line) once the timeout
// has passed. The test then checks the value itself. The timeout is the spec of "too late": a
// user waits a second or two for an error message, not five.

import BusyAssertion
import Foundation
import Testing

@Suite struct PredicateExpectationSuite {
    @Test @MainActor func failedSearchShowsAnErrorAndStopsTheSpinner() async throws {
        let offline = URLError(.notConnectedToInternet)
        let viewModel = SearchViewModel(service: FakeTrackSearch(answer: .failure(offline)))

        viewModel.search(term: "beatles")

        // 2 s: how long a user waits for an error message, not how long the work takes (it takes
        // milliseconds, and a passing test never waits longer than that).
        let message = try await requireEventually(timeout: .seconds(2), "The view model shows no error.") {
            viewModel.errorMessage
        }

        // The poll only says *an* error is there; these say it is the right one, and that the
        // spinner stopped with it.
        #expect(message == "Search failed. Please try again.")
        #expect(!viewModel.isLoading, "The spinner should stop when the error is shown.")
    }
}

/// Thrown by `requireEventually` when the value did not come within the timeout.
struct StillNil: Error, CustomStringConvertible {
    let timeout: Duration
    var description: String { "still nil after \(timeout)" }
}

/// Polls `value` until it is not nil and returns it, suspending in between so that the main queue
/// can run; records an issue at the caller's source location and throws `StillNil` once `timeout`
/// has passed.
@MainActor
func requireEventually<Value>(
    timeout: Duration = .seconds(1),
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ value: () -> Value?
) async throws -> Value {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if let value = value() { return value }
        guard clock.now < deadline else {
            Issue.record(Comment(rawValue: "Still nil after \(timeout). " + (comment?.rawValue ?? "")),
                         sourceLocation: sourceLocation)
            // Thrown as well, like `#require`: the test cannot go on without the value.
            throw StillNil(timeout: timeout)
        }
        try? await Task.sleep(for: .milliseconds(10))
    }
}

/// Answers once, on a background queue, as `URLSession` does.
private final class FakeTrackSearch: TrackSearching {
    private let answer: Result<[Track], Error>

    init(answer: Result<[Track], Error>) {
        self.answer = answer
    }

    func searchTracks(term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        let answer = self.answer
        DispatchQueue.global().async { completion(answer) }
    }
}
