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
    let once = ResumeOnce<T>()
    return try await withCheckedThrowingContinuation { continuation in
        once.hold(continuation)
        // The timer, in a task of its own: the test's task is suspended right here, waiting.
        let timer = Task {
            try? await Task.sleep(for: timeout)
            once.resume(with: .failure(NoCallbackWithin(timeout: timeout)))
        }
        function { value in
            once.resume(with: .success(value))
            timer.cancel()  // no timer left sleeping after a fast answer
        }
    }
}

/// Lets only the first of several racers resume a continuation; the later ones do nothing.
/// (A callback that comes twice is a bug, but not one this helper is for: count calls with
/// `confirmation`.)
private final class ResumeOnce<T> {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Error>?

    func hold(_ continuation: CheckedContinuation<T, Error>) {
        lock.lock()
        defer { lock.unlock() }
        self.continuation = continuation
    }

    func resume(with result: Result<T, Error>) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: result)
    }
}
