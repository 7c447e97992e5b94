// Exercise modern-swift-immediate: the state before the first `await`, checked at once.
//
// `SearchModel.search(_:)` is what a text field calls: not `async`, it starts the search in a
// task and returns. Right after it returns, the spinner must be on and the trimmed term sent to
// the client; when the answer comes, the results show and the spinner goes off.
//
// Code that starts its work in `Task { … }` can't be checked right after the call: that task is
// only scheduled, so tests wait or sleep and hope. `search` starts it with `Task.immediate` (Swift
// 6.2), which runs the body at once up to its first real suspension. So the *before* state can be
// asserted on the next line, and the *after* by awaiting the task that `search` returns.
//
// The idea: assert the state before the first suspension right after the call; hold the client's
// answer until you have, then release it and await the task for the state after.
//
// Availability: Task.immediate needs Swift 6.2 and, on Apple platforms, macOS 26 (iOS 26…). On
// older systems `search` falls back to a plain `Task`, and the "before" checks fail there: that
// failure is the lesson of the old way, not a bug in your test. The grader says "needs macOS 26"
// (or "needs Swift 6.2") there, and does not count this exercise.

import Foundation
import ModernSwift
import Testing

/// Answers only when the test lets it, so the test decides when "after" begins.
struct HeldSearchClient: SearchClient {
    let answer: [String]
    let release: AsyncStream<Void>

    func results(for term: String) async throws -> [String] {
        for await _ in release { break }
        return answer
    }
}

@MainActor @Suite struct SearchImmediateTests {
    @Test func searchShowsTheSpinnerAndSendsTheTermBeforeItReturns() async {
        // TODO: make the release stream (AsyncStream.makeStream(of: Void.self)) and a SearchModel
        // with a HeldSearchClient. Call search("  daft punk "), and on the next lines, with no
        // await, check isSearching, sentTerms and results. Then yield to the release stream,
        // await the task that search returned, and check the results and the spinner again.
        Issue.record("TODO: check the state right after search(_:) returns (SearchImmediateTests.swift)")
    }
}
