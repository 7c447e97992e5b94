// Exercise greeting-callback (Swift Testing)
// The greeting comes later, on the main queue: await it, bounded in time, then check it.
import Foundation
import Testing
@testable import Greeting

@Suite struct GreetCallbackSuite {
    @Test func greetCallsBackWithTheGreeting() async throws {
        let greeting = try await firstCall(within: .seconds(2)) { done in Greeter().greet("Ada", completion: done) }
        #expect(greeting == "Hello, Ada!")
    }
}

struct NoCallback: Error {}

/// What the callback first brings, or `NoCallback` when it has not come within `timeout`.
func firstCall<T>(within timeout: Duration, _ start: (@escaping (T) -> Void) -> Void) async throws -> T {
    let gate = FirstOnly<T>()
    return try await withCheckedThrowingContinuation { continuation in
        gate.hold(continuation)
        let timer = Task {
            try? await Task.sleep(for: timeout)
            gate.resume(.failure(NoCallback()))
        }
        start { value in
            gate.resume(.success(value))
            timer.cancel()
        }
    }
}

/// Lets the first of the callback and the timer resume the continuation, and no one after.
/// `@unchecked Sendable`: `continuation` is only touched under `lock`.
private final class FirstOnly<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Error>?

    func hold(_ continuation: CheckedContinuation<T, Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    func resume(_ result: Result<T, Error>) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: result)
    }
}
