// Exercise before-after-next-keystroke (Swift Testing): the next keystroke cancels.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import BeforeAfter

// Typing "Simon & Garfunkel" calls `search` seventeen times. Only the last term should reach
// iTunes: each keystroke cancels the search still waiting for a pause in typing.
//
// The idea: the state right after the calls tells the whole story. The previous task is cancelled
// and the current one is still waiting, so no timing is involved and nothing needs a wait.
//
// In Swift Testing the test is off the main thread, and the typing pause runs out on the main
// queue whenever something serves it: a long pause keeps "still waiting" true for the whole test.
@Suite struct NextKeystrokeBeforeSuite {
    @Test func theNextKeystrokeCancelsTheSearchThatWasWaiting() throws {
        let sut = MusicService(typingPause: 60)
        sut.search("Simon") { _ in }
        let previous = try #require(sut.currentTask)
        sut.search("Simon & Garfunkel") { _ in }
        let current = try #require(sut.currentTask)
        defer { current.cancel() }  // keeps the last search off the network too

        // TODO: Check the `state` of both tasks: the previous one cancelled, the current one still
        // waiting (and searching for the last term).
        Issue.record("TODO: assert on previous.state and current.state")
        _ = previous
    }
}
