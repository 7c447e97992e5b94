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

        // TODO: Call `operation.perform`, record the value and `DispatchQueue.getSpecific(key: key)`
        // in the handler and fulfil an expectation there; wait for it, then assert on both.
        XCTFail("TODO: wait for perform's handler with an expectation, then check its value and queue")
        _ = operation
    }
}
