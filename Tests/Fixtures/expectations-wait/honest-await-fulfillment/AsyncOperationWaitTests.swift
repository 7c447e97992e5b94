// Exercise expectations-wait: Wait for the handler.
// An honest style the repository's solution does not use: an async test that awaits
// fulfillment(of:timeout:) instead of wait(for:timeout:), with a generous timeout.

import XCTest
import Expectations

final class AsyncOperationWaitTests: XCTestCase {
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var value: String?
        private var queue: String?
        func record(_ value: String, on queue: String?) { lock.lock(); self.value = value; self.queue = queue; lock.unlock() }
        var both: (String?, String?) { lock.lock(); defer { lock.unlock() }; return (value, queue) }
    }

    func testPerformHandsTheValueToTheHandlerOnTheOperationsQueue() async {
        let queue = DispatchQueue(label: "AsyncOperationWaitTests.work")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        let operation = AsyncOperation(queue: queue) { "Hello, world!" }

        let handlerCalled = expectation(description: "handler called")
        let seen = Seen()
        operation.perform { result in
            seen.record(result, on: DispatchQueue.getSpecific(key: key))
            handlerCalled.fulfill()
        }
        await fulfillment(of: [handlerCalled], timeout: 5)

        let (value, handlerQueue) = seen.both
        XCTAssertEqual(value, "Hello, world!")
        XCTAssertEqual(handlerQueue, queue.label)
    }
}
