// Weak suite: checks a cached title right after show (good), but gives an uncached one a fixed
// 50 ms instead of awaiting the task show returns.

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
        let model = TrackDetailModel(cache: TitleCache([7: "Around the World"]), client: CountingTitleClient(answer: "?"))
        model.show(7)
        #expect(model.title == "Around the World")
        #expect(!model.isLoading)
    }

    @Test func anUncachedTitleIsFetchedOnceAndThenShownAtOnce() async throws {
        let cache = TitleCache()
        let client = CountingTitleClient(answer: "Around the World")
        let first = TrackDetailModel(cache: cache, client: client)
        first.show(7)
        try await Task.sleep(for: .milliseconds(50))
        #expect(first.title == "Around the World")
        #expect(!first.isLoading)
        let next = TrackDetailModel(cache: cache, client: client)
        next.show(7)
        #expect(next.title == "Around the World")
        #expect(await client.fetches == 1)
    }
}
