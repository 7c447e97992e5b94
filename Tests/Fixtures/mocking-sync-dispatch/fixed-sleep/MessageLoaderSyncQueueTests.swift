// Leaves the background queue async and sleeps a fixed 150 ms "to be safe": a loader that takes
// 200 ms is rejected although it is correct.
import XCTest
import Mocking

final class MessageLoaderSyncQueueTests: XCTestCase {
    func testLoadCallsBackWithTheWelcomeMessage() {
        let loader = MessageLoader(main: SyncQueue.global, background: AsyncQueue.background)
        var messages: [Message] = []

        loader.load { messages.append($0) }
        Thread.sleep(forTimeInterval: 0.15)

        XCTAssertEqual(messages, [.welcome])
    }
}
