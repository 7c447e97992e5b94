// Shared by the Swift Testing tracks of the Flaky tests pattern: ready to use, nothing to edit.
//
// Swift Testing has no `wait(for:timeout:)`. `awaitCallback` turns a callback into an `await`:
// it returns as soon as the callback comes, or throws once the timeout has passed without it (the
// expectations-wait exercise builds it step by step). A generous timeout costs nothing when the
// code is correct: the test waits for the event, not for the time.

import Foundation

/// Thrown when the callback did not come within the timeout.
struct NoCallbackWithin: Error, CustomStringConvertible {
    let timeout: Double
    var description: String { "the callback did not come within \(timeout) s" }
}

/// Calls `function` with a handler and returns the value the handler is first called with, or
/// throws `NoCallbackWithin` if it has not been called within `timeout` seconds:
/// `let result = try await awaitCallback(timeout: 2) { loader.load("Song", completion: $0) }`.
func awaitCallback<T>(timeout: Double, _ function: (@escaping (T) -> Void) -> Void) async throws -> T {
    let lock = NSLock()
    var pending: CheckedContinuation<T, Error>?
    // Only the first of the handler and the timer resumes; the later one finds nothing to resume.
    func resume(with result: Result<T, Error>) {
        lock.lock()
        let continuation = pending
        pending = nil
        lock.unlock()
        continuation?.resume(with: result)
    }
    return try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        pending = continuation
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            resume(with: .failure(NoCallbackWithin(timeout: timeout)))
        }
        function { value in resume(with: .success(value)) }
    }
}
