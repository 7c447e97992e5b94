// Exercise before-after-request: The request, before it fires.

import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import BeforeAfter

// The search field calls `MusicService.search` on every keystroke. The service has no seam: it
// goes straight to `URLSession.shared`, and iTunes answers whenever it likes, or never (on a train,
// in CI). A test that waits for that answer is slow, flaky, and tests the network.
//
// The idea: test *before* the answer. The moment `search` returns, the request it is about to fire
// already sits in `currentTask`. Assert on it synchronously, with no waiting at all.
final class SearchRequestBeforeTests: XCTestCase {
    func testSearchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService()
        sut.search("Simon & Garfunkel") { _ in }
        // Nothing has gone out yet: the service waits for a pause in typing. Cancelling the task
        // now, before that pause can pass on the main queue, means nothing ever does.
        let task = try XCTUnwrap(sut.currentTask)
        defer { task.cancel() }

        // TODO: Check `task.originalRequest`: a GET to https://itunes.apple.com/search with the
        // query items media=music, entity=song and term=Simon & Garfunkel.
        XCTFail("TODO: assert on the request that search prepared (task.originalRequest)")
    }
}
