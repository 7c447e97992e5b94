// Exercise expectations-wait (Swift Testing), part 1 of 2: awaitCallback.
// A task group races the callback against a deadline of 520 ms, 20 ms past the 500 ms the
// operation promises: the loser is cancelled (the continuation answers cancellation, so a
// callback that never comes cannot keep the group waiting).

import Foundation

struct NoCallbackWithin: Error, CustomStringConvertible {
    let timeout: Duration
    var description: String { "the callback did not come within \(timeout)" }
}

func awaitCallback<T: Sendable>(timeout: Duration = .milliseconds(520),
                                _ function: @escaping @Sendable (@escaping @Sendable (T) -> Void) -> Void) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask {
            let once = Once<T>()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    once.hold(continuation)
                    function { once.resume(with: .success($0)) }
                }
            } onCancel: {
                once.resume(with: .failure(CancellationError()))
            }
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw NoCallbackWithin(timeout: timeout)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

private final class Once<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Error>?
    private var early: Result<T, Error>?

    func hold(_ continuation: CheckedContinuation<T, Error>) {
        lock.lock()
        if let early { lock.unlock(); continuation.resume(with: early); return }
        self.continuation = continuation
        lock.unlock()
    }

    func resume(with result: Result<T, Error>) {
        lock.lock()
        guard let continuation else {
            if early == nil { early = result }
            lock.unlock()
            return
        }
        self.continuation = nil
        lock.unlock()
        continuation.resume(with: result)
    }
}
