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
        let tracks = [
            Track(trackName: "Something", artistName: "The Beatles"),
            Track(trackName: "Come Together", artistName: "The Beatles"),
        ]
        let viewModel = SearchViewModel(service: FakeTrackSearch(answer: .success(tracks)))

        viewModel.search(term: "beatles")

        // TODO: Wait with `expectToEventually` (below) until the view model shows exactly these
        // tracks, then check that the spinner (`isLoading`) has stopped.
        XCTFail("TODO: wait for the tracks with expectToEventually, then check isLoading.")
    }
}

extension XCTestCase {
    /// Re-checks `condition` until it holds, letting the run loop run in between; fails at the
    /// caller's line if `timeout` passes first.
    func expectToEventually(
        _ condition: @autoclosure () -> Bool,
        timeout: TimeInterval = 1,
        message: String = "",
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        // TODO: While `condition()` is false, run the run loop for 10 ms
        // (`RunLoop.current.run(until:)`) and check again. Once `timeout` has passed, fail with
        // `XCTFail(_:file:line:)`, passing on `file` and `line` so the failure shows at the caller.
        XCTFail("TODO: write expectToEventually.", file: file, line: line)
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
