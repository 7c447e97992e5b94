// Exercise expectations-wait (Swift Testing), part 2 of 2: wait for the handler.
// Fixture: checks that the handler of an operation on the main queue runs on the main thread;
// under Swift Testing on Linux the main queue is drained from a worker thread, so it fails there.
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
    @Test func performHandsTheValueToTheHandlerOnTheMainThread() async throws {
        let operation = AsyncOperation { "Hello, world!" }

        let (value, onMain): (String, Bool) = try await awaitCallback { handler in
            operation.perform { value in
                handler((value, Thread.isMainThread))
            }
        }

        #expect(value == "Hello, world!")
        #expect(onMain, "the handler should run on the main thread")
    }
}
