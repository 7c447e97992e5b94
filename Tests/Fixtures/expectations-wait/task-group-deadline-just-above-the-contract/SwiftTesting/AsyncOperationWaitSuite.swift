// Exercise expectations-wait (Swift Testing), part 2 of 2: wait for the handler.
// With the task-group awaitCallback beside it.
import Foundation
import Testing
import Expectations

@Suite struct AsyncOperationWaitSuite {
    @Test func performHandsTheValueToTheHandlerOnTheOperationsQueue() async throws {
        let queue = DispatchQueue(label: "AsyncOperationWaitSuite.work")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        let operation = AsyncOperation(queue: queue) { "Hello, world!" }

        let (value, handlerQueue): (String, String?) = try await awaitCallback { handler in
            operation.perform { value in handler((value, DispatchQueue.getSpecific(key: key))) }
        }

        #expect(value == "Hello, world!")
        #expect(handlerQueue == queue.label)
    }
}
