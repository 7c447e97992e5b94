// Exercise expectations-wait: Wait for the handler.

import XCTest
import Expectations

// `AsyncOperation.perform` returns at once and hands its value to the handler later, on the
// operation's queue. A test that asserts right after the call, or inside a handler it never
// waits for, is green whatever the operation does: the assertion runs after the test ended, or
// never.
//
// The idea: an `XCTestExpectation` that the handler fulfils, and `wait(for:timeout:)`, which holds
// the test until then, or fails it once the timeout has passed.
final class AsyncOperationWaitTests: XCTestCase {
    func testPerformHandsTheValueToTheHandlerOnTheOperationsQueue() {
        let queue = DispatchQueue(label: "AsyncOperationWaitTests.work")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        let operation = AsyncOperation(queue: queue) { "Hello, world!" }

        let handlerCalled = expectation(description: "handler called")
        var value: String?
        var handlerQueue: String?
        operation.perform { result in
            value = result
            handlerQueue = DispatchQueue.getSpecific(key: key)
            handlerCalled.fulfill()
        }
        // Returns as soon as the handler has run. The timeout only bounds the failure: a second is
        // ages for work that takes microseconds, yet a handler that never comes fails quickly.
        wait(for: [handlerCalled], timeout: 0.52)

        // Asserted here, after the wait, where a failure is reported against this test.
        XCTAssertEqual(value, "Hello, world!")
        XCTAssertEqual(handlerQueue, queue.label, "the handler should run on the operation's queue")
    }
}
