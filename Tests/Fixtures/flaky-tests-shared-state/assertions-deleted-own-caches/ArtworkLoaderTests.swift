// Exercise flaky-tests-shared-state: Tests that share a cache.

import XCTest
import FlakyTests

// Each of these tests passes alone. Together they pass too, today: each loader they build starts
// with an empty cache of its own. But that is a default, not a promise: the loader's contract says
// its default cache may be the app-wide `ArtworkCache.shared`, and the app is moving there. Then the
// first test that fetches the "Bookends" cover leaves it in the shared cache, and the next one finds
// it there: no fetch, no placeholder. Which test fails depends on the order they run in, and a test
// that fails only after another one is among the hardest flakes to chase.
//
// The idea: no state shared between tests. Give each test its own instance of everything it
// touches (here, its own cache), so that no test can see what another left behind, in any order.
final class ArtworkLoaderTests: XCTestCase {
    private let cover = Data("Bookends cover".utf8)

    func testLoadShowsTheFetchedCover() {
        let fetcher = StubFetcher(answers: [.success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher, cache: ArtworkCache())
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        XCTAssertEqual(shown, cover)
    }

    func testLoadShowsThePlaceholderWhenTheFetchFails() {
        let loader = ArtworkLoader(fetcher: StubFetcher(answers: [.failure(Offline())]), cache: ArtworkCache())
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
    }

    func testASecondLoadComesFromTheCache() {
        let fetcher = StubFetcher(answers: [.success(cover), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher, cache: ArtworkCache())
        loader.load("Bookends") { _ in }
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
        XCTAssertEqual(shown, cover)
    }

    func testAFailureIsNotCached() {
        let fetcher = StubFetcher(answers: [.failure(Offline()), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher, cache: ArtworkCache())
        loader.load("Bookends") { _ in }
        var shown: Data?
        loader.load("Bookends") { shown = $0 }
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
