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

        #expect(!viewModel.isLoading, "Cancelling should stop the spinner.")

        // Make the event that could break the rule happen first, then watch. A window in which the
        // answer never arrives would pass against any view model.
        service.answer(with: .success(tracks))

        // Between the answer and the screen lies one trip through the main queue, so 0.2 s is
        // generous. A view model that held the answer back for longer would pass this test.
        await expectNever(!viewModel.tracks.isEmpty, within: .milliseconds(200), "The cancelled search's tracks were shown.")
    }

    @Test @MainActor func cancelledSearchNeverShowsAnErrorThatArrivesLater() async {
        let service = AnswerOnDemandSearch()
        let viewModel = SearchViewModel(service: service)
        viewModel.search(term: "beatles")

        viewModel.cancelSearch()

        // A late answer can be a failure as well: the request timing out after the user gave up.
        service.answer(with: .failure(URLError(.timedOut)))

        await expectNever(viewModel.errorMessage != nil, within: .milliseconds(200), "The cancelled search's error was shown.")
        #expect(!viewModel.isLoading, "A late answer must not touch the spinner either.")
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
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start + window
    while true {
        if condition() {
            Issue.record(Comment(rawValue: "Became true after \(clock.now - start). " + (comment?.rawValue ?? "")),
                         sourceLocation: sourceLocation)
            return
        }
        // Checked after the last sleep, so the whole window is covered.
        guard clock.now < deadline else { return }
        // Suspending on the main actor lets the main queue deliver what the test is watching for.
        try? await Task.sleep(for: min(.milliseconds(10), deadline - clock.now))
    }
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
