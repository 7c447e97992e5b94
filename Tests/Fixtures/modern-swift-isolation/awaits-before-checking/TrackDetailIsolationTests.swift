// Weak suite: awaits the task before looking. By then even a load that hopped off the main actor
// has finished, so the empty flash on screen goes unnoticed.

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
    @Test func aCachedTitleIsShown() async {
        let client = CountingTitleClient(answer: "from the network")
        let model = TrackDetailModel(cache: TitleCache([7: "Around the World"]), client: client)
        await model.show(7).value
        #expect(model.title == "Around the World")
        #expect(!model.isLoading)
        #expect(await client.fetches == 0)
    }

    @Test func anUncachedTitleIsFetchedOnce() async {
        let cache = TitleCache()
        let client = CountingTitleClient(answer: "Around the World")
        let first = TrackDetailModel(cache: cache, client: client)
        await first.show(7).value
        #expect(first.title == "Around the World")
        #expect(!first.isLoading)
        let next = TrackDetailModel(cache: cache, client: client)
        await next.show(7).value
        #expect(next.title == "Around the World")
        #expect(await client.fetches == 1)
    }
}
