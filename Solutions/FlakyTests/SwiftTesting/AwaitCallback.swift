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
    let once = ResumeOnce<T>()
    return try await withCheckedThrowingContinuation { continuation in
        once.hold(continuation)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            once.resume(with: .failure(NoCallbackWithin(timeout: timeout)))
        }
        function { value in once.resume(with: .success(value)) }
    }
}

/// Lets only the first of the handler and the timer resume the continuation; the later one finds
/// nothing to resume. `@unchecked Sendable`: the lock guards its one stored property.
private final class ResumeOnce<T>: @unchecked Sendable {
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
