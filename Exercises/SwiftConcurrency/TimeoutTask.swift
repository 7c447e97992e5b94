// Exercise swift-concurrency-timeout, part 1 of 2: TimeoutTask.
//
// A test that awaits something that never comes does not fail: it hangs. XCTest has no per-test
// timeout on Linux, and Swift Testing's `.timeLimit` starts at one minute.
//
// The idea: race the work against a timer, and resume the test with whichever finishes first.

import SwiftConcurrency

/// Says what happened in the test log: XCTest and Swift Testing both print the error's description.
struct TimeoutError: Error, CustomStringConvertible {
    let seconds: Double

    var description: String {
        "TimeoutError: no answer within \(seconds) s; the code under test never finished"
    }
}

final class TimeoutTask<Success: Sendable>: Sendable {
    let seconds: Double
    let operation: @Sendable () async throws -> Success

    init(seconds: Double, operation: @escaping @Sendable () async throws -> Success) {
        self.seconds = seconds
        self.operation = operation
    }

    /// The operation's result, or `TimeoutError` once `seconds` have passed without one.
    var value: Success {
        get async throws {
            // TODO: This waits as long as the operation does, forever if need be. Run the
            // operation and a timer (Task.sleep) as two tasks, and resume a continuation
            // (withCheckedThrowingContinuation) with whichever finishes first; the other must
            // find it already taken (a Locked<CheckedContinuation<…>?> does that). Why not a task
            // group or `async let`? Try it with a continuation that is never resumed. And leave
            // the late operation running: on Linux, cancelling a task that awaits URLSession can
            // deadlock the test process.
            try await operation()
        }
    }
}
