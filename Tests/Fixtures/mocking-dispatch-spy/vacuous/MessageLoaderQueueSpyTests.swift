// Uses spies but only checks the message, so it cannot tell which queue called back.
import XCTest
import Mocking

final class SpyQueue: Dispatching {
    private(set) var dispatchCount = 0

    func dispatch(_ work: @escaping () -> Void) {
        dispatchCount += 1
        work()
    }
}

final class MessageLoaderQueueSpyTests: XCTestCase {
    func testLoadCallsBackOnceOnTheMainQueue() {
        let loader = MessageLoader(main: SpyQueue(), background: SpyQueue())
        var message: Message?

        loader.load { message = $0 }

        XCTAssertEqual(message, .welcome)
    }
}
