// Exercise busy-assertion-eventually: Wait until the tracks are there.
//
// The search screen reads everything from `SearchViewModel`. `search(term:)` returns at once; the
// tracks arrive later, when the view model publishes them on the main queue. There is no completion
// handler to hang an expectation on, and an assertion right after the call runs before the answer.
//
// The idea: a *busy assertion*. Check the condition, and while it is false let the main run loop
// turn for a moment so that the main queue can deliver the state; check again; fail only when a
// deadline passes. It returns as soon as the condition holds, so a fast answer costs milliseconds
// and a slow one (up to the timeout) still passes.

import BusyAssertion
import XCTest

final class ExpectToEventuallyTests: XCTestCase {
    func test_search_showsTheTracksTheServiceFound_andStopsTheSpinner() {
        // Not in alphabetical order, so a view model that reorders them cannot pass by luck.
        let tracks = [
            Track(trackName: "Something", artistName: "The Beatles"),
            Track(trackName: "Come Together", artistName: "The Beatles"),
        ]
        let viewModel = SearchViewModel(service: FakeTrackSearch(answer: .success(tracks)))

        viewModel.search(term: "beatles")

        // The whole array, not `!tracks.isEmpty`: a condition that any answer satisfies can't tell
        // the right tracks from the wrong ones.
        expectToEventually(viewModel.tracks == tracks, message: "The view model never showed the tracks.")
        // Published together with the tracks, so it is already settled once they are there.
        XCTAssertFalse(viewModel.isLoading, "The spinner should stop when the tracks are shown.")
    }
}

extension XCTestCase {
    /// Re-checks `condition` until it holds, letting the run loop run in between; fails at the
    /// caller's line if `timeout` passes first.
    ///
    /// The test runs on the main thread, and the code under test publishes with
    /// `DispatchQueue.main.async`. Those blocks run only when the main thread turns its run loop,
    /// which `RunLoop.run(until:)` does, and a `Thread.sleep` does not. Precision is one poll, 10 ms.
    /// The timeout is not a guess of how long the work takes (milliseconds here) but how long is
    /// too long; a passing test never waits for it.
    func expectToEventually(
        _ condition: @autoclosure () -> Bool,
        timeout: TimeInterval = 0.52,
        message: String = "",
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else {
                // `file` and `line` point the failure at the test that called us, not at this helper.
                XCTFail("Still false after \(timeout) s. \(message)", file: file, line: line)
                return
            }
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
        }
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
