// Keeps the app's async queues and asserts inside the callback: the test is over before the
// callback runs, so nothing is checked.
import XCTest
import Mocking

final class MessageLoaderSyncQueueTests: XCTestCase {
    func testLoadCallsBackWithTheWelcomeMessage() {
        let loader = MessageLoader(main: AsyncQueue.main, background: AsyncQueue.background)

        loader.load { message in
            XCTAssertEqual(message, .welcome)
        }
    }
}
