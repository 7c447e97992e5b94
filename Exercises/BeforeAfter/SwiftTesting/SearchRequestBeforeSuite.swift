// Exercise before-after-request (Swift Testing): the request, before it fires.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import BeforeAfter

// The search field calls `MusicService.search` on every keystroke. The service has no seam: it
// goes straight to `URLSession.shared`, and iTunes answers whenever it likes, or never (on a train,
// in CI). A test that waits for that answer is slow, flaky, and tests the network.
//
// The idea: test *before* the answer. The moment `search` returns, the request it is about to fire
// already sits in `currentTask`. Assert on it synchronously, with no waiting at all.
//
// In Swift Testing the test does not run on the main thread, so nothing holds the main queue still
// while it runs: the typing pause (on the main queue) may pass at any moment. Give the service a
// pause far longer than the test, so "before" stays before. `#require` unwraps what must be there.
@Suite struct SearchRequestBeforeSuite {
    @Test func searchPreparesTheITunesSongSearchForTheTerm() throws {
        let sut = MusicService(typingPause: 60)
        sut.search("Simon & Garfunkel") { _ in }
        let task = try #require(sut.currentTask)
        defer { task.cancel() }  // nothing ever goes out

        // TODO: Check `task.originalRequest`: a GET to https://itunes.apple.com/search with the
        // query items media=music, entity=song and term=Simon & Garfunkel.
        Issue.record("TODO: assert on the request that search prepared (task.originalRequest)")
    }
}
