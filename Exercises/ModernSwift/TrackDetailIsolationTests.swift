// Exercise modern-swift-isolation: where a nonisolated async function runs changes what you see.
//
// Tapping a track calls `TrackDetailModel.show(_:)`. A title already in the `TitleCache` must be on
// screen when `show` returns, with no spinner: the screen must never flash empty. A title that is
// not cached is fetched once, then kept in the cache, so the next screen shows it at once.
//
// Until Swift 6.2 a `nonisolated async` function always ran on the global executor. Called from
// the main actor, even a dictionary read hopped off and back: the load suspended, and a test that
// looked right after `show` saw nothing yet. `TitleCache.title(for:)` is `nonisolated(nonsending)`
// (Swift 6.2; the default for such functions under `NonisolatedNonsendingByDefault`): it runs on
// the caller's actor and suspends only where it really waits. A hit doesn't, so `Task.immediate`
// (exercise `modern-swift-immediate`) runs the whole load before `show` returns, and a main-actor
// test can check the title on the next line, in the same turn, as the screen would draw it.
//
// The idea: an `await` is a possible suspension, not a certain one. Where the callee runs decides
// whether it suspends, and so what the test can observe right after the call; check the no-flash
// promise there, and await the returned task for the rest.
//
// Availability: needs Swift 6.2, and on Apple platforms macOS 26 / iOS 26 for Task.immediate. On
// older systems `show` falls back to a plain `Task` and the check right after `show` fails: that is
// the flash this exercise is about. The grader says "needs macOS 26" (or "needs Swift 6.2") there.

import Foundation
import ModernSwift
import Testing

/// Answers every fetch with the same title, and counts the fetches.
actor CountingTitleClient: TitleClient {
    private(set) var fetches = 0
    private let answer: String

    init(answer: String) {
        self.answer = answer
    }

    func title(for id: Int) async throws -> String {
        fetches += 1
        return answer
    }
}

@MainActor @Suite struct TrackDetailIsolationTests {
    @Test func aCachedTitleIsOnScreenWhenShowReturns() {
        // TODO: make a TrackDetailModel with TitleCache([7: "Around the World"]) and a
        // CountingTitleClient, call show(7), and on the next lines, with no await, check the title
        // and that no spinner shows. Then test an uncached title: await the task show returns,
        // and check that a second model sharing the cache shows it at once, with one fetch in all.
        Issue.record("TODO: check what is on screen right after show(_:) returns (TrackDetailIsolationTests.swift)")
    }
}
