// Exercise busy-assertion-predicate: Let XCTest poll: the error message.
//
// When a search fails, the screen must say so and stop the spinner. Again nothing calls back: the
// error message simply appears, later, on the main queue.
//
// The idea: XCTest ships a busy assertion of its own. An `XCTNSPredicateExpectation` re-evaluates
// a predicate while `wait(for:timeout:)` turns the run loop, and is fulfilled as soon as the
// predicate holds. Same job as `expectToEventually`, with different trade-offs (end of the file).

import BusyAssertion
import XCTest

final class PredicateExpectationTests: XCTestCase {
    func test_failedSearch_showsAnError_andStopsTheSpinner() {
        let offline = URLError(.notConnectedToInternet)
        let viewModel = SearchViewModel(service: FakeTrackSearch(answer: .failure(offline)))

        viewModel.search(term: "beatles")

        // The block form: `NSPredicate(format:)` needs the Objective-C runtime and does not exist
        // on Linux. The block is evaluated on this (the main) thread's run loop, so reading the
        // view model from it is safe.
        // Weak: lets the run loop run a fixed 0.4 s, past the slowest error seen so far (300 ms),
        // then asserts.
        _ = XCTWaiter.wait(for: [XCTestExpectation(description: "never fulfilled")], timeout: 0.4)

        // The predicate only says *an* error is there; these say it is the right one, and that
        // the spinner stopped with it.
        XCTAssertEqual(viewModel.errorMessage, "Search failed. Please try again.")
        XCTAssertFalse(viewModel.isLoading, "The spinner should stop when the error is shown.")
    }
}

// expectToEventually or XCTNSPredicateExpectation?
//
// - Polling interval. Your helper checks every 10 ms, on every platform. The predicate expectation
//   checks every 10 ms in swift-corelibs-xctest (Linux), but about once a second in Apple's XCTest:
//   there a 5 ms answer costs a second, and timeouts must be 2 s or so.
// - Precision. Both see a change one poll late at most, and neither can tell when it happened.
// - Failure report. Yours says what you wrote, at the line of the check. XCTest's says
//   "Asynchronous wait failed - Exceeded timeout of 2 seconds, with unfulfilled expectations: …"
//   at the `wait` line, with the description if you set one; it cannot show the value it saw.
// - Composition. An expectation can share one `wait(for:)` with other expectations (a
//   notification, a callback), and in an `async` test `await fulfillment(of:)` waits for it. A
//   run-loop spin works only in a synchronous test on the main thread.

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
