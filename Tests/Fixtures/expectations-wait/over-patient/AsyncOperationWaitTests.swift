import XCTest
import Expectations

// Sleeps a fixed time instead of waiting for the handler.
final class AsyncOperationWaitTests: XCTestCase {
    func testPerformHandsTheValueToTheHandlerOnTheOperationsQueue() {
        let queue = DispatchQueue(label: "AsyncOperationWaitTests.work")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        let operation = AsyncOperation(queue: queue) { "Hello, world!" }

        var value: String?
        var handlerQueue: String?
        operation.perform { result in
            value = result
            handlerQueue = DispatchQueue.getSpecific(key: key)
        }
        Thread.sleep(forTimeInterval: 2)  // long enough for any machine, surely

        XCTAssertEqual(value, "Hello, world!")
        XCTAssertEqual(handlerQueue, queue.label)
    }
}
