// Exercise busy-assertion-never (Swift Testing): A cancelled search never shows its answer.
//
// The user can cancel a search. The request may still answer afterwards, with tracks or with an
// error, and that answer must never reach the screen. "Never" gives a test nothing to wait *until*.
//
// The idea: a negative busy assertion. Keep checking, for a whole window, that the condition stays
// false, and fail the moment it turns true. It proves "not within this window" and nothing more: a
// bug that strikes just after the window closes passes. And every passing run pays for the whole
// window, so choose it from how long the code can plausibly take, not "long, to be safe".
//
// In Swift Testing, as in the previous exercises: a `@MainActor` test, `Task.sleep` between
// checks so that the main queue can run, and issues recorded at the caller's `SourceLocation`.
// (`confirmation(expectedCount: 0)` is no substitute: it checks only until its body returns.)

import BusyAssertion
import Foundation
import Testing

@Suite struct ExpectNeverSuite {
    private let tracks = [Track(trackName: "Something", artistName: "The Beatles")]

    @Test @MainActor func cancelledSearchNeverShowsTracksThatArriveLater() async {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        viewModel.cancelSearch()

        // TODO: Check that the spinner stopped. Then let the service answer with `tracks`
        // (`service.answer(with:)`), and check with `await expectNever(…)` (below) that the tracks
        // are not shown within a window you choose. Why does the order of those two steps matter?
        Issue.record("TODO: answer after the cancel, then check with expectNever that no tracks appear.")
    }

    @Test @MainActor func cancelledSearchNeverShowsAnErrorThatArrivesLater() async {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        viewModel.cancelSearch()

        // TODO: The late answer can be a failure too, e.g. `URLError(.timedOut)`. Check that no
        // error message appears, and that the spinner stays stopped.
        Issue.record("TODO: answer with a failure after the cancel, then check with expectNever that no error appears.")
    }
}

/// Checks that `condition` stays false for the whole `window`, suspending in between so that the
/// main queue can run; records an issue at the caller's source location as soon as it holds.
///
/// No default window: it is the one number that decides what the check proves and what it costs.
@MainActor
func expectNever(
    _ condition: @autoclosure () -> Bool,
    within window: Duration,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    // TODO: Check the condition, record an issue at once (at `sourceLocation`) if it holds, then
    // `Task.sleep` for 10 ms and check again, until the window has passed. Make sure the last
    // check comes after the last sleep.
    Issue.record("TODO: write expectNever.", sourceLocation: sourceLocation)
}

/// Keeps the completion until the test answers, in-line, so that the test decides that the
/// answer comes after the cancel, and knows it has come before it starts watching.
private final class AnswerOnDemandSearch: TrackSearching {
    private var completion: ((Result<[Track], Error>) -> Void)?

    func searchTracks(term: String, completion: @escaping (Result<[Track], Error>) -> Void) {
        self.completion = completion
    }

    func answer(with result: Result<[Track], Error>, sourceLocation: SourceLocation = #_sourceLocation) {
        // No search, no late answer, and the check that follows would prove nothing.
        guard let completion else {
            Issue.record("The view model never asked for tracks.", sourceLocation: sourceLocation)
            return
        }
        completion(result)
    }
}
