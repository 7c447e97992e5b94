import XCTest
import FlakyTests

/// The legacy module's own behaviour, briefly: each promise its exercise's contract makes, and
/// the schedule the shipped flaky suites rely on (what the exercises teach not to rely on).
final class FlakyTestsBehaviourTests: XCTestCase {
    private struct Failure: Error {}

    private final class Fetcher: LyricsFetching {
        let answer: Result<String, Error>
        init(_ answer: Result<String, Error>) { self.answer = answer }
        func fetchLyrics(of song: String, completion: @escaping (Result<String, Error>) -> Void) { completion(answer) }
    }

    private final class Client: ChartsClient {
        var answers: [Result<[String], Error>]
        var requests = 0
        init(_ answers: [Result<[String], Error>]) { self.answers = answers }
        func fetchCharts(completion: @escaping (Result<[String], Error>) -> Void) {
            requests += 1
            completion(answers.isEmpty ? .failure(Failure()) : answers.removeFirst())
        }
    }

    func testLyricsLoaderAnswersLaterWithTheLinesThatAreNotBlank() {
        let done = expectation(description: "completion")
        let returned = DispatchSemaphore(value: 0)
        var lines: [String]?
        var calledBeforeLoadReturned = false
        LyricsLoader(fetcher: Fetcher(.success("one\n  \ntwo"))).load("song") {
            // Called from inside load, on this thread, this wait could only end by its timeout.
            // Called later, from the parsing queue, it ends once load has returned, however busy
            // the machine: no race with the assertion below.
            calledBeforeLoadReturned = returned.wait(timeout: .now() + 1) == .timedOut
            lines = try? $0.get()
            done.fulfill()
        }
        returned.signal()
        wait(for: [done], timeout: 5)
        XCTAssertFalse(calledBeforeLoadReturned, "load should return before the lines are split")
        XCTAssertEqual(lines, ["one", "two"])
    }

    func testLyricsLoaderHandsOverTheFetchersError() {
        let done = expectation(description: "completion")
        var error: Error?
        LyricsLoader(fetcher: Fetcher(.failure(Failure()))).load("song") {
            if case .failure(let failure) = $0 { error = failure }
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        XCTAssertTrue(error is Failure)
    }

    func testLibraryRefresherReportsAlbumsThenPlaylistsThenCompletes() {
        let done = expectation(description: "completion")
        var shelves: [Shelf] = []
        var whenDone: [Shelf]?
        LibraryRefresher(albums: ["b", "a"], playlists: ["d", "c"]).refresh(onShelf: { shelves.append($0) }, completion: {
            whenDone = shelves
            done.fulfill()
        })
        wait(for: [done], timeout: 2)
        XCTAssertEqual(whenDone, [Shelf(title: "Albums", items: ["a", "b"]), Shelf(title: "Playlists", items: ["c", "d"])],
                       "today's order, which the flaky-tests-order starter relies on")
    }

    func testChartsLoaderRetriesOnceAfterABackOff() {
        let client = Client([.failure(Failure()), .success(["x"])])
        let done = expectation(description: "completion")
        var result: [String]?
        let start = Date()
        ChartsLoader(client: client).load {
            result = try? $0.get()
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(result, ["x"])
        XCTAssertEqual(client.requests, 2)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.1, "the retry should wait for the back-off")
    }

    func testChartsLoaderDoesNotRetryASuccess() {
        let client = Client([.success(["x"])])
        var result: [String]?
        ChartsLoader(client: client).load { result = try? $0.get() }
        XCTAssertEqual(result, ["x"], "a first success is handed over at once")
        XCTAssertEqual(client.requests, 1)
    }

    private final class CoverFetcher: ArtworkFetching {
        var answers: [Result<Data, Error>]
        var fetches = 0
        init(_ answers: [Result<Data, Error>]) { self.answers = answers }
        func fetchArtwork(for album: String, completion: @escaping (Result<Data, Error>) -> Void) {
            fetches += 1
            completion(answers.isEmpty ? .failure(Failure()) : answers.removeFirst())
        }
    }

    func testArtworkLoaderCachesCoversButNotFailures() {
        let cover = Data("cover".utf8)
        let fetcher = CoverFetcher([.failure(Failure()), .success(cover)])
        let loader = ArtworkLoader(fetcher: fetcher, cache: ArtworkCache())
        var shown: [Data] = []
        for _ in 0..<3 { loader.load("album") { shown.append($0) } }
        XCTAssertEqual(shown, [ArtworkLoader.placeholder, cover, cover])
        XCTAssertEqual(fetcher.fetches, 2)
    }

    func testArtworkLoadersDefaultCachesAreTheirOwnToday() {
        let cover = Data("cover".utf8)
        ArtworkLoader(fetcher: CoverFetcher([.success(cover)])).load("album") { _ in }
        let second = CoverFetcher([.success(cover)])
        ArtworkLoader(fetcher: second).load("album") { _ in }
        XCTAssertEqual(second.fetches, 1, "today's default, which the flaky-tests-shared-state starter relies on")
    }
}
