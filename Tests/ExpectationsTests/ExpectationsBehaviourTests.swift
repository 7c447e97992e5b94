import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Expectations

/// The legacy module's own behaviour, briefly. The exercises test it more thoroughly.
final class ExpectationsBehaviourTests: XCTestCase {
    func testAsyncOperationAnswersLaterOnItsQueue() {
        let done = expectation(description: "handler")
        let returned = DispatchSemaphore(value: 0)
        var value: Int?
        var ranBeforePerformReturned = false
        AsyncOperation { 42 }.perform {
            // Run from inside perform, on this thread, this wait could only end by its timeout;
            // run later, on the operation's queue, it ends once perform has returned: no race.
            ranBeforePerformReturned = returned.wait(timeout: .now() + 1) == .timedOut
            value = $0
            done.fulfill()
        }
        returned.signal()
        wait(for: [done], timeout: 5)
        XCTAssertFalse(ranBeforePerformReturned, "perform should return before the handler runs")
        XCTAssertEqual(value, 42)
    }

    func testDebouncerRunsOnlyTheLastCall() {
        // Long enough that no busy machine lets it pass between the two calls below.
        let debouncer = Debouncer(delay: .milliseconds(500))
        var ran: [String] = []
        let last = expectation(description: "last call")
        debouncer.call { ran.append("first") }
        debouncer.call { ran.append("last"); last.fulfill() }
        wait(for: [last], timeout: 5)
        XCTAssertEqual(ran, ["last"])
    }

    func testPlaylistStoreUpdatesThenNotifies() {
        let store = PlaylistStore()
        let track = Track(trackName: "America", artistName: "Simon & Garfunkel")
        let changed = XCTNSNotificationExpectation(name: .playlistDidChange, object: store)
        changed.handler = { _ in store.tracks == [track] }
        store.add(track)
        wait(for: [changed], timeout: 1)
    }

    func testImporterReportsEachTrackThenCompletes() {
        var reports: [Int] = []
        let done = expectation(description: "completion")
        TrackImporter().importTracks(
            [Track(trackName: "a", artistName: "x"), Track(trackName: "b", artistName: "x")],
            progress: { reports.append($0) }, completion: { done.fulfill() })
        wait(for: [done], timeout: 1)
        XCTAssertEqual(reports, [1, 2])
    }

    func testFutureReportsToEarlyAndLateObservers() {
        let promise = Promise<Int>()
        var seen: [Int] = []
        promise.observe { seen.append(try! $0.get()) }
        promise.resolve(with: 7)
        promise.observe { seen.append(try! $0.get()) }
        XCTAssertEqual(seen, [7, 7])
    }

    func testSearchRequestUsesTheBaseURL() {
        let request = URLRequest.search(term: "Simon & Garfunkel", baseURL: URL(string: "http://127.0.0.1:8080")!)
        XCTAssertEqual(request.url?.absoluteString,
                       "http://127.0.0.1:8080/search?media=music&entity=song&term=Simon%20%26%20Garfunkel")
        XCTAssertEqual(URLRequest.search(term: "a").url?.host, "itunes.apple.com")
    }
}
