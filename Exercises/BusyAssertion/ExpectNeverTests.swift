// Exercise busy-assertion-never: A cancelled search never shows its answer.
//
// The user can cancel a search. The request may still answer afterwards, with tracks or with an
// error, and that answer must never reach the screen. "Never" gives a test nothing to wait *until*.
//
// The idea: a negative busy assertion. Keep checking, for a whole window, that the condition stays
// false, and fail the moment it turns true. It proves "not within this window" and nothing more: a
// bug that strikes just after the window closes passes. And every passing run pays for the whole
// window, so choose it from how long the code can plausibly take, not "long, to be safe".

import BusyAssertion
import XCTest

final class ExpectNeverTests: XCTestCase {
    private let tracks = [Track(trackName: "Something", artistName: "The Beatles")]

    func test_cancelledSearch_neverShowsTracksThatArriveLater() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        viewModel.cancelSearch()

        // TODO: Check that the spinner stopped. Then let the service answer with `tracks`
        // (`service.answer(with:)`), and check with `expectNever` (below) that the tracks are not
        // shown within a window you choose. Why does the order of those two steps matter?
        XCTFail("TODO: answer after the cancel, then check with expectNever that no tracks appear.")
    }

    func test_cancelledSearch_neverShowsAnErrorThatArrivesLater() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        viewModel.cancelSearch()

        // TODO: The late answer can be a failure too, e.g. `URLError(.timedOut)`. Check that no
        // error message appears, and that the spinner stays stopped.
        XCTFail("TODO: answer with a failure after the cancel, then check with expectNever that no error appears.")
    }
}

extension XCTestCase {
    /// Checks that `condition` stays false for the whole `window`, letting the run loop run in
    /// between; fails at the caller's line as soon as it holds.
    ///
    /// No default window: it is the one number that decides what the check proves and what it costs.
    func expectNever(
        _ condition: @autoclosure () -> Bool,
        within window: TimeInterval,
        message: String = "",
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        // TODO: Check the condition, fail at once (at `file` and `line`) if it holds, then run the
        // run loop for 10 ms and check again, until the window has passed. Make sure the last check
        // comes after the last turn of the run loop.
        XCTFail("TODO: write expectNever.", file: file, line: line)
    }
}

/// Keeps the completion until the test answers, in-line, so that the test decides that the
/// answer comes after the cancel, and knows it has come before it starts watching.
private final class AnswerOnDemandSearch: TrackSearching {
    private var completion: ((Result<[Track], Error>) -> Void)?

    func searchTracks(term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        self.completion = completion
    }

    func answer(with result: Result<[Track], Error>) {
        // No search, no late answer, and the check that follows would prove nothing.
        guard let completion else { return XCTFail("The view model never asked for tracks.") }
        completion(result)
    }
}
