// Pairs each "never" with its control case, "an answer that is not cancelled does show", but
// checks the tracks after a fixed 0.2 s instead of until they are there: a view model that shows
// them 300 ms after the answer is rejected although it is correct.
// Busy assertion 3: never, within a window
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
        XCTAssertFalse(viewModel.isLoading, "Cancelling should stop the spinner.")

        // Make the event that could break the rule happen first, then watch. A window in which the
        // answer never arrives would pass against any view model.
        service.answer(with: .success(tracks))

        // Between the answer and the screen lies one trip through the main queue, so 0.2 s is
        // generous. A view model that held the answer back for longer would pass this test.
        expectNever(!viewModel.tracks.isEmpty, within: 0.2, message: "The cancelled search's tracks were shown.")
    }

    func test_cancelledSearch_neverShowsAnErrorThatArrivesLater() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        viewModel.cancelSearch()
        // A late answer can be a failure as well: the request timing out after the user gave up.
        service.answer(with: .failure(URLError(.timedOut)))

        expectNever(viewModel.errorMessage != nil, within: 0.2, message: "The cancelled search's error was shown.")
        XCTAssertFalse(viewModel.isLoading, "A late answer must not touch the spinner either.")
    }

    // Weak: the control case, "an answer that is not cancelled does show", gives the main queue a
    // fixed 0.2 s and then asserts, instead of waiting until the tracks are there.
    func test_search_showsTracksThatArriveWhileItIsCurrent() {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        service.answer(with: .success(tracks))
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.2))

        XCTAssertEqual(viewModel.tracks, tracks)
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
        let start = Date()
        let deadline = start.addingTimeInterval(window)
        while true {
            if condition() {
                let after = String(format: "%.2f", Date().timeIntervalSince(start))
                XCTFail("Became true after \(after) s. \(message)", file: file, line: line)
                return
            }
            // Checked after the last turn of the run loop, so the whole window is covered.
            guard Date() < deadline else { return }
            RunLoop.current.run(until: min(Date(timeIntervalSinceNow: 0.01), deadline))
        }
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
