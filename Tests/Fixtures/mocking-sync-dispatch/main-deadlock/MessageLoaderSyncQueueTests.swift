// The article's first attempt: SyncQueue.main from a test, which runs on the main thread.
// The loader's sync dispatch onto the main queue deadlocks and libdispatch kills the process
// (SIGILL in __DISPATCH_WAIT_FOR_QUEUE__). The grader should name it a dispatch_sync deadlock.
import XCTest
import Mocking

final class MessageLoaderSyncQueueTests: XCTestCase {
    func testLoadCallsBackWithTheWelcomeMessage() {
        let loader = MessageLoader(main: SyncQueue.main, background: SyncQueue.background)
        var messages: [Message] = []

        loader.load { messages.append($0) }

        XCTAssertEqual(messages, [.welcome])
    }
}
