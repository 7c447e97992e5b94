// Correct, then waits 2 s more "to be sure" no second callback comes, although with synchronous
// queues everything has happened by the time load returns.
import XCTest
import Mocking

final class MessageLoaderSyncQueueTests: XCTestCase {
    func testLoadCallsBackWithTheWelcomeMessage() {
        let loader = MessageLoader(main: SyncQueue.global, background: SyncQueue.background)
        let calledAgain = expectation(description: "called a second time")
        calledAgain.isInverted = true
        var messages: [Message] = []

        loader.load { message in
            messages.append(message)
            if messages.count > 1 { calledAgain.fulfill() }
        }

        XCTAssertEqual(messages, [.welcome])
        wait(for: [calledAgain], timeout: 2)
    }
}
