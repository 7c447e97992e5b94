// Exercise expectations-wait: Wait for the handler.
// Honest styles the repository's solution does not use: an async setUp that builds what the test
// uses, test names in other scripts, and a test that prints a great deal while it waits.

import XCTest
import Expectations

final class AsyncOperationWaitTests: XCTestCase {
    var queue: DispatchQueue!
    var key: DispatchSpecificKey<String>!
    var operation: AsyncOperation<String>!

    override func setUp() async throws {
        try await super.setUp()
        queue = DispatchQueue(label: "AsyncOperationWaitTests.work")
        key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        operation = AsyncOperation(queue: queue) { "Hello, world!" }
    }

    func test_値はハンドラーに渡される_🎵() {
        let handlerCalled = expectation(description: "handler called — ✓")
        var value: String?
        var handlerQueue: String?
        let key = self.key!
        operation.perform { result in
            value = result
            handlerQueue = DispatchQueue.getSpecific(key: key)
            handlerCalled.fulfill()
        }
        for line in 1...2_000 { print("waiting for the handler, line \(line) of 2000: «ünïcödé» 🎧") }
        wait(for: [handlerCalled], timeout: 3)
        XCTAssertEqual(value, "Hello, world!")
        XCTAssertEqual(handlerQueue, queue.label)
    }
}
