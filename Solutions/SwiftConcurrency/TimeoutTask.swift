// Exercise swift-concurrency-timeout, part 1 of 2: TimeoutTask.
//
// A test that awaits something that never comes does not fail: it hangs. XCTest has no per-test
// timeout on Linux, and Swift Testing's `.timeLimit` starts at one minute.
//
// The idea: race the work against a timer, and resume the test with whichever finishes first.
// Both run as unstructured tasks, on purpose: a task group (or `async let`) would wait for its
// stuck child before returning, and hang just the same.

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
            // Whoever comes first takes the continuation; the loser finds nil and does nothing.
            let pending = Locked<CheckedContinuation<Success, any Error>?>(nil)
            return try await withCheckedThrowingContinuation { continuation in
                pending.withLock { $0 = continuation }
                Task {
                    let result = await Result { try await self.operation() }
                    pending.withLock { $0.take() }?.resume(with: result)
                }
                Task {
                    try? await Task.sleep(nanoseconds: UInt64(self.seconds * 1_000_000_000))
                    // The late operation is left running, not cancelled: on Linux, cancelling a
                    // task that awaits URLSession can deadlock or crash the test process.
                    pending.withLock { $0.take() }?.resume(throwing: TimeoutError(seconds: self.seconds))
                }
            }
        }
    }
}

private extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
