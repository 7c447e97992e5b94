// Exercise expectations-wait (Swift Testing), part 1 of 2: awaitCallback.
//
// Swift Testing has no expectations and no `wait(for:timeout:)`. An `async` test can await a
// callback instead: `withCheckedThrowingContinuation` hands the test a continuation, the callback
// resumes it, and the test carries on with the value. But a continuation waits forever: a callback
// that never comes hangs the test, and a hang catches no bug (`.timeLimit` takes whole minutes).
//
// The idea: bound the continuation with a timeout. Whichever comes first resumes it: the callback
// with its value, or a timer with an error. Exactly one of them may resume it (resuming twice is a
// crash), so the other one must find it already resumed and do nothing.

import Foundation

/// Thrown when the callback did not come within the timeout.
struct NoCallbackWithin: Error, CustomStringConvertible {
    let timeout: Duration
    var description: String { "the callback did not come within \(timeout)" }
}

/// Calls `function` with a handler and returns the value the handler is first called with, or
/// throws `NoCallbackWithin` if it has not been called within `timeout`:
/// `let value = try await awaitCallback(operation.perform)`.
func awaitCallback<T>(timeout: Duration = .seconds(1),
                      _ function: (@escaping (T) -> Void) -> Void) async throws -> T {
    // TODO: In `withCheckedThrowingContinuation`, call `function` with a handler that resumes the
    // continuation with its value, and start a timer (a `Task` that sleeps for `timeout`) that
    // resumes it with `NoCallbackWithin`. Make sure only the first of them resumes it (a class
    // that keeps the continuation behind an `NSLock`, and forgets it once used).
    throw NoCallbackWithin(timeout: .zero)
}
