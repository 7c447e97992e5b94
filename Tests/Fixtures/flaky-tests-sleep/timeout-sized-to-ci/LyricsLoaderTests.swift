// Exercise flaky-tests-sleep: A sleep sized to the mock's delay.

import XCTest
import FlakyTests

// These tests were green on the laptop they were written on, and red on CI every other day. The
// stand-in fetcher answers after 50 ms, as the network did on the author's Wi-Fi, so each test
// slept 200 ms, "four times as long: plenty", then looked. But the loader then splits the lyrics
// on a queue of its own, and nothing promises how long that takes: on a busy CI machine or a slow
// phone, the lines arrived after the test had looked, and the test failed although the code was right.
//
// The idea: wait for the event, not for a time. An expectation that the completion fulfils ends
// the wait as soon as the lines arrive, however long that takes; its timeout only bounds a
// completion that never comes, so make it generous: a correct run never waits it out.
final class LyricsLoaderTests: XCTestCase {
    func testLoadHandsOverTheLinesWithoutTheBlankOnes() {
        let loader = LyricsLoader(fetcher: SlowFetcher(answer: .success("Hello darkness\n\nmy old friend\n")))
        let completed = expectation(description: "completion")
        var result: Result<[String], Error>?
        loader.load("The Sound of Silence") {
            result = $0
            completed.fulfill()
        }
        // Returns as soon as the lines arrive: 50 ms here, 350 ms at worst on CI. Half a second
        // covers that, and a completion that never comes fails fast.
        wait(for: [completed], timeout: 0.5)

        XCTAssertEqual(try result?.get(), ["Hello darkness", "my old friend"])
    }

    func testLoadHandsOverTheFetchersError() {
        let loader = LyricsLoader(fetcher: SlowFetcher(answer: .failure(Offline())))
        let completed = expectation(description: "completion")
        var result: Result<[String], Error>?
        loader.load("The Sound of Silence") {
            result = $0
            completed.fulfill()
        }
        wait(for: [completed], timeout: 0.5)

        guard case .failure(let error)? = result else {
            return XCTFail("a failed fetch should hand over a failure, not \(String(describing: result))")
        }
        XCTAssertTrue(error is Offline, "a failed fetch should hand over the fetcher's error")
    }
}

private struct Offline: Error {}

/// Answers after 50 ms, on a queue of its own, as the network did on the author's Wi-Fi.
private final class SlowFetcher: LyricsFetching {
    let answer: Result<String, Error>

    init(answer: Result<String, Error>) {
        self.answer = answer
    }

    func fetchLyrics(of song: String, completion: @escaping (Result<String, Error>) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { completion(self.answer) }
    }
}
