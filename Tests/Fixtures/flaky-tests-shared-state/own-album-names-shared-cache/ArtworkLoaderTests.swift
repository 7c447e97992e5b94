// Exercise flaky-tests-shared-state: Tests that share a cache.

import XCTest
import FlakyTests

// Each of these tests passed alone, and together: each loader they built started with an empty
// cache of its own. But that was a default, not a promise: the loader's contract says its default
// cache may be the app-wide `ArtworkCache.shared`, and the app was moving there. Then the first test
// that fetched the "Bookends" cover left it in the shared cache, and the next one found it there: no
// fetch, no placeholder. Which test failed depended on the order they ran in, and a test that fails
// only after another one is among the hardest flakes to chase.
//
// The idea: no state shared between tests. Give each test its own instance of everything it
// touches (here, its own cache), so that no test can see what another left behind, in any order.
final class ArtworkLoaderTests: XCTestCase {
    // Every loader below gets a cache of its own, made in its test: a test can find in it only
    // what that test put there, whatever ran before it and whatever the default cache is.
    private let cover = Data("Bookends cover".utf8)

    func testLoadShowsTheFetchedCover() {
        let fetcher = StubFetcher(answers: [.success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher)
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        XCTAssertEqual(shown, cover)
        XCTAssertEqual(fetcher.fetches, 1)
    }

    func testLoadShowsThePlaceholderWhenTheFetchFails() {
        let loader = ArtworkLoader(fetcher: StubFetcher(answers: [.failure(Offline())]))
        var shown: Data?
        loader.load("Abbey Road") { shown = $0 }
        XCTAssertEqual(shown, ArtworkLoader.placeholder)
    }

    func testASecondLoadComesFromTheCache() {
        let fetcher = StubFetcher(answers: [.success(cover), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher)
        loader.load("Rumours") { _ in }
        var shown: Data?
        loader.load("Rumours") { shown = $0 }
        XCTAssertEqual(shown, cover)
        XCTAssertEqual(fetcher.fetches, 1, "the second load should come from the cache")
    }

    func testAFailureIsNotCached() {
        let fetcher = StubFetcher(answers: [.failure(Offline()), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher)
        loader.load("Blue") { _ in }
        var shown: Data?
        loader.load("Blue") { shown = $0 }
        XCTAssertEqual(shown, cover, "after a failure, the next load should fetch the cover")
        XCTAssertEqual(fetcher.fetches, 2)
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
