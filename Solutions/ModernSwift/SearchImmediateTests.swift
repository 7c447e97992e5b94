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
// older systems `search` falls back to a plain `Task`, and the first check below fails there: that
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
        let (release, answerNow) = AsyncStream.makeStream(of: Void.self)
        let model = SearchModel(client: HeldSearchClient(answer: ["One More Time"], release: release))

        let search = model.search("  daft punk ")

        // Before: no await since the call, and no sleep. Task.immediate ran up to the client's await.
        #expect(model.isSearching)
        #expect(model.sentTerms == ["daft punk"])
        #expect(model.results.isEmpty)

        // After: let the client answer, and await the very task that search started.
        answerNow.yield()
        answerNow.finish()
        await search.value
        #expect(model.results == ["One More Time"])
        #expect(!model.isSearching)
    }
}
