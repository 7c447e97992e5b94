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
//
// The tests in AwaitResultTests.swift already use these three functions: make them pass.

/// Thrown when the callback did not come within the timeout.
struct CallbackTimedOut: Error, CustomStringConvertible {
    let timeout: TimeInterval
    var description: String { "the callback did not come within \(timeout) s" }
}

/// Only until the functions below are written.
struct HelperNotWrittenYet: Error, CustomStringConvertible {
    var description: String { "awaitResult is not written yet (see AwaitResult.swift)" }
}

extension XCTestCase {
    /// Calls `function` with a handler, waits for the handler to be called and returns the value
    /// it was called with: `try awaitResult(operation.perform)`.
    func awaitResult<T>(timeout: TimeInterval = 1,
                        _ function: (@escaping (T) -> Void) -> Void) throws -> T {
        // TODO: Call `function` with a handler that keeps the value and fulfils an expectation;
        // wait with `XCTWaiter().wait(for:timeout:)` and throw `CallbackTimedOut` unless it
        // returns `.completed`.
        XCTFail("TODO: write awaitResult(timeout:_:) in AwaitResult.swift")
        throw HelperNotWrittenYet()
    }

    /// For APIs that take an argument and then a handler:
    /// `try awaitResult(service.search, calledWith: "Simon")`.
    func awaitResult<A, T>(timeout: TimeInterval = 1, _ function: @escaping (A, @escaping (T) -> Void) -> Void,
                           calledWith argument: A) throws -> T {
        // TODO: Build on the function above.
        XCTFail("TODO: write awaitResult(timeout:_:calledWith:) in AwaitResult.swift")
        throw HelperNotWrittenYet()
    }

    /// For futures: waits for the future's result, then returns its value or throws its error.
    func awaitResult<T>(timeout: TimeInterval = 1, _ future: Future<T>) throws -> T {
        // TODO: Build on the first function too: `future.observe` takes a handler.
        XCTFail("TODO: write awaitResult(timeout:_:) for futures in AwaitResult.swift")
        throw HelperNotWrittenYet()
    }
}
