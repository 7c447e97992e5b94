import XCTest
import Expectations

// The false positive: the assertions sit in a handler that runs after the test has ended.
final class AsyncOperationWaitTests: XCTestCase {
    func testPerformHandsTheValueToTheHandlerOnTheOperationsQueue() {
        let queue = DispatchQueue(label: "AsyncOperationWaitTests.work")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        let operation = AsyncOperation(queue: queue) { "Hello, world!" }

        operation.perform { value in
            XCTAssertEqual(value, "Hello, world!")
            XCTAssertEqual(DispatchQueue.getSpecific(key: key), queue.label)
        }
    }
}
