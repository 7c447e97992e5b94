// Exercise busy-assertion-eventually (Swift Testing): Wait until the tracks are there.
//
// The search screen reads everything from `SearchViewModel`. `search(term:)` returns at once; the
// tracks arrive later, when the view model publishes them on the main queue. There is no completion
// handler to hang a confirmation on, and an assertion right after the call runs before the answer.
//
// The idea: a *busy assertion*. Check the condition, and while it is false let the main queue
// deliver the state; check again; fail only when a deadline passes.
//
// In Swift Testing there is no run loop to spin: the test does not run on the main thread, and
// `RunLoop.run(until:)` returns at once. Make the test `@MainActor` instead (the view model's state
// lives on the main queue, and the main actor is that queue), and *suspend* between checks with
// `Task.sleep`: while the test is suspended, the main queue runs the view model's blocks. Report a
// failure with `Issue.record(_:sourceLocation:)` at the caller's `SourceLocation`, so that it points
// at the test, not at the helper.

import BusyAssertion
import Foundation
import Testing

@Suite struct ExpectToEventuallySuite {
    @Test @MainActor func searchShowsTheTracksTheServiceFoundAndStopsTheSpinner() async {
        let tracks = [
            Track(trackName: "Something", artistName: "The Beatles"),
            Track(trackName: "Come Together", artistName: "The Beatles"),
        ]
        let viewModel = SearchViewModel(service: FakeTrackSearch(answer: .success(tracks)))

        viewModel.search(term: "beatles")

        // The whole array, not `!tracks.isEmpty`: a condition that any answer satisfies can't tell
        // the right tracks from the wrong ones. `await`: the test suspends while it polls.
        await expectToEventually(viewModel.tracks == tracks, "The view model never showed the tracks.")
        // Published together with the tracks, so it is already settled once they are there.
        #expect(!viewModel.isLoading, "The spinner should stop when the tracks are shown.")
    }
}

/// Re-checks `condition` until it holds, suspending in between so that the main queue can run;
/// records an issue at the caller's source location if `timeout` passes first.
@MainActor
func expectToEventually(
    _ condition: @autoclosure () -> Bool,
    timeout: Duration = .seconds(15),
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async {
    // Changed from the XCTest version: no `RunLoop.run(until:)` (it returns at once here, a busy
    // spin that starves the queue it waits for). Suspending on the main actor frees the main
    // queue, which then runs the view model's `DispatchQueue.main.async` blocks. Precision is one
    // poll, 10 ms; a passing test never waits for the timeout.
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else {
            // `sourceLocation` points the failure at the test that called us, not at this helper.
            Issue.record(Comment(rawValue: "Still false after \(timeout). " + (comment?.rawValue ?? "")),
                         sourceLocation: sourceLocation)
            return
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
