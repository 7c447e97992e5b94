// Counts the work each spy got, but never asks which queue ran the callback, nor how often it
// ran: a loader that calls back from background and again from main passes.
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
        let main = SpyQueue()
        let background = SpyQueue()
        let loader = MessageLoader(main: main, background: background)
        var message: Message?

        loader.load { message = $0 }

        XCTAssertEqual(message, .welcome)
        XCTAssertEqual(background.dispatchCount, 1)
        XCTAssertEqual(main.dispatchCount, 1)
    }
}
