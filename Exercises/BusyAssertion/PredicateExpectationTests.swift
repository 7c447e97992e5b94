// Exercise busy-assertion-predicate: Let XCTest poll: the error message.
//
// When a search fails, the screen must say so and stop the spinner. Again nothing calls back: the
// error message simply appears, later, on the main queue.
//
// The idea: XCTest ships a busy assertion of its own. An `XCTNSPredicateExpectation` re-evaluates
// a predicate while `wait(for:timeout:)` turns the run loop, and is fulfilled as soon as the
// predicate holds. Same job as `expectToEventually`; once it passes, think about what each of the
// two reports when it fails, and how often each one checks.

import BusyAssertion
import XCTest

final class PredicateExpectationTests: XCTestCase {
    func test_failedSearch_showsAnError_andStopsTheSpinner() {
        let offline = URLError(.notConnectedToInternet)
        let viewModel = SearchViewModel(service: FakeTrackSearch(answer: .failure(offline)))

        viewModel.search(term: "beatles")

        // TODO: Wait until the view model shows an error, with an `XCTNSPredicateExpectation` and
        // `wait(for:timeout:)`. On Linux only the block form exists:
        // `NSPredicate { _, _ in <condition> }`. Give it 2 s: Apple's XCTest checks the predicate
        // only about once a second. Then check the message and the spinner.
        XCTFail("TODO: wait for the error with an XCTNSPredicateExpectation, then check errorMessage and isLoading.")
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
