// The test as the article ends up writing it: SyncQueue.global stands in for main.
import XCTest
import Mocking

final class MessageLoaderSyncQueueTests: XCTestCase {
    func testWelcomeMessageOnLoad() {
        // Arrange
        var message: Message?
        let loader = MessageLoader(main: SyncQueue.global, background: SyncQueue.background)

        // Act
        loader.load { loaded in
            message = loaded
        }

        // Assert
        XCTAssertEqual(message, .welcome)
    }
}
