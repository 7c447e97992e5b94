// Exercise expectations-await-result, part 1 of 2: AwaitResult.

import XCTest
import Expectations

// Every callback test repeats the same five lines: an expectation, a variable, a handler that
// sets it and fulfils, a wait, an unwrap. And a wait without a timeout, or a semaphore, turns a
// callback that never comes into a test run that never ends (a semaphore on the main thread even
// deadlocks with a callback on the main queue).
//
// The idea: one helper family that turns a callback API into a plain throwing call, in the spirit
// of "async/await in Swift unit tests". It waits with an expectation, which keeps the main queue
// running, and throws when the callback has not come within the timeout. (`await` is a keyword
// now, hence the name.)

/// Thrown when the callback did not come within the timeout.
struct CallbackTimedOut: Error, CustomStringConvertible {
    let timeout: TimeInterval
    var description: String { "the callback did not come within \(timeout) s" }
}

extension XCTestCase {
    /// Calls `function` with a handler, waits for the handler to be called and returns the value
    /// it was called with: `try awaitResult(operation.perform)`.
    func awaitResult<T>(timeout: TimeInterval = 1,
                        _ function: (@escaping (T) -> Void) -> Void) throws -> T {
        let called = XCTestExpectation(description: "callback called")
        var value: T?
        function { result in
            value = result
            called.fulfill()
        }
        // XCTWaiter rather than `wait(for:)`: it reports the outcome instead of failing the test
        // itself, so the caller gets an error to throw, and `try` stops the test right there.
        guard XCTWaiter().wait(for: [called], timeout: timeout) == .completed, let value else {
            throw CallbackTimedOut(timeout: timeout)
        }
        return value
    }

    /// For APIs that take an argument and then a handler:
    /// `try awaitResult(service.search, calledWith: "Simon")`.
    func awaitResult<A, T>(timeout: TimeInterval = 1, _ function: @escaping (A, @escaping (T) -> Void) -> Void,
                           calledWith argument: A) throws -> T {
        try awaitResult(timeout: timeout) { handler in function(argument, handler) }
    }

    /// For futures: waits for the future's result, then returns its value or throws its error.
    func awaitResult<T>(timeout: TimeInterval = 1, _ future: Future<T>) throws -> T {
        try awaitResult(timeout: timeout, future.observe).get()
    }
}
