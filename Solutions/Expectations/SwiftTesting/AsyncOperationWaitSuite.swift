// Exercise expectations-wait (Swift Testing), part 2 of 2: wait for the handler.
import Foundation
import Testing
import Expectations

// `AsyncOperation.perform` returns at once and hands its value to the handler later, on the
// operation's queue. A test that asserts right after the call, or inside a handler it never
// waits for, is green whatever the operation does: the assertion runs after the test ended, or
// never. In Swift Testing, an issue recorded after its test has ended is charged to no test: it
// fails none, and the grader counts it as catching nothing (it runs only if the process lives on).
//
// The idea: an `async` test awaits the handler through `awaitCallback` (AwaitCallback.swift): the
// test resumes as soon as the handler has run, or fails once the timeout has passed. Record
// inside the handler what only the handler can see (which queue it runs on), and assert after the
// `await`, where a failure belongs to this test.
@Suite struct AsyncOperationWaitSuite {
    @Test func performHandsTheValueToTheHandlerOnTheOperationsQueue() async throws {
        let queue = DispatchQueue(label: "AsyncOperationWaitSuite.work")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: queue.label)
        let operation = AsyncOperation(queue: queue) { "Hello, world!" }

        // Resumes as soon as the handler has run. The timeout only bounds the failure: a second is
        // ages for work that takes microseconds, yet a handler that never comes fails quickly.
        let (value, handlerQueue): (String, String?) = try await awaitCallback { handler in
            operation.perform { value in
                // Read here, in the handler: only the handler knows which queue runs it.
                handler((value, DispatchQueue.getSpecific(key: key)))
            }
        }

        // Asserted here, after the await, where a failure is reported against this test.
        #expect(value == "Hello, world!")
        #expect(handlerQueue == queue.label, "the handler should run on the operation's queue")
    }
}
