// Exercise flaky-tests-shared-state (Swift Testing): Tests that share a cache.
import Foundation
import Testing
import FlakyTests

// Each of these tests passes alone. Together they pass too, today: each loader they build starts
// with an empty cache of its own. But that is a default, not a promise: the loader's contract says
// its default cache may be the app-wide `ArtworkCache.shared`, and the app is moving there. Then the
// first test that fetches the "Bookends" cover leaves it in the shared cache, and the next one finds
// it there: no fetch, no placeholder. The suite was marked `.serialized` when it first flaked, which
// only fixed the order in which the tests see each other's leftovers.
//
// The idea: no state shared between tests. Give each test its own instance of everything it
// touches (here, its own cache), so that no test can see what another left behind: then the tests
// can run in any order, or all at once.
@Suite(.serialized) struct ArtworkLoaderSuite {
    let cover = Data("Bookends cover".utf8)

    @Test func loadShowsTheFetchedCover() {
        let fetcher = StubFetcher(answers: [.success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher)
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        #expect(shown == cover)
        #expect(fetcher.fetches == 1)
    }

    @Test func loadShowsThePlaceholderWhenTheFetchFails() {
        let loader = ArtworkLoader(fetcher: StubFetcher(answers: [.failure(Offline())]))
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        #expect(shown == ArtworkLoader.placeholder)
    }

    @Test func aSecondLoadComesFromTheCache() {
        let fetcher = StubFetcher(answers: [.success(cover), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher)
        loader.load("Bookends") { _ in }
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        #expect(shown == cover)
        #expect(fetcher.fetches == 1, "the second load should come from the cache")
    }

    @Test func aFailureIsNotCached() {
        let fetcher = StubFetcher(answers: [.failure(Offline()), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher)
        loader.load("Bookends") { _ in }
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        #expect(shown == cover, "after a failure, the next load should fetch the cover")
        #expect(fetcher.fetches == 2)
    }
}

private struct Offline: Error {}

/// Gives its answers in order, one per fetch, at once, and counts the fetches.
private final class StubFetcher: ArtworkFetching {
    private var answers: [Result<Data, Error>]
    private(set) var fetches = 0

    init(answers: [Result<Data, Error>]) {
        self.answers = answers
    }

    func fetchArtwork(for album: String, completion: @escaping (Result<Data, Error>) -> Void) {
        fetches += 1
        completion(answers.isEmpty ? .failure(Offline()) : answers.removeFirst())
    }
}
