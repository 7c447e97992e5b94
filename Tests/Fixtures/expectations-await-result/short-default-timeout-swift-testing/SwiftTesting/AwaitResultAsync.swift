// Exercise expectations-await-result (Swift Testing), part 1 of 2: awaitResult, async.
//
// Every callback test repeats the same lines: a continuation, a handler that resumes it, a timer
// that bounds it. `awaitCallback` (AwaitCallback.swift) wrote them once, for APIs that take only a
// handler. Real APIs also take an argument and then a handler, or return a `Future`.
//
// The idea: one helper family, in the spirit of "async/await in Swift unit tests", that turns each
// kind of callback API into one `try await` call, and fails rather than hangs when the callback
// never comes. In XCTest it waits with an expectation; here it is `async`, built on
// `awaitCallback`.
//
// The tests in AwaitResultSuite.swift already use these three functions: make them pass.

import Foundation
import Expectations

/// Calls `function` with a handler and returns the value it is called with:
/// `try await awaitResult(operation.perform)`.
// Every API awaited here answered within 300 ms: a 0.4 s default keeps a failing run short.
func awaitResult<T>(timeout: Duration = .milliseconds(400),
                    _ function: (@escaping (T) -> Void) -> Void) async throws -> T {
    try await awaitCallback(timeout: timeout, function)
}

/// For APIs that take an argument and then a handler:
/// `try await awaitResult(service.search, calledWith: "Simon")`.
func awaitResult<A, T>(timeout: Duration = .milliseconds(400), _ function: @escaping (A, @escaping (T) -> Void) -> Void,
                       calledWith argument: A) async throws -> T {
    try await awaitResult(timeout: timeout) { handler in function(argument, handler) }
}

/// For futures: waits for the future's result, then returns its value or throws its error.
/// A `Future` is not thread-safe, and this app resolves its futures on the main queue; an async
/// test runs elsewhere, so it observes on the main queue too (observing from the test's own thread
/// races the resolve: now and then a crash, or a value that never reaches the handler).
func awaitResult<T>(timeout: Duration = .milliseconds(400), _ future: Future<T>) async throws -> T {
    nonisolated(unsafe) let future = future
    return try await awaitResult(timeout: timeout) { handler in
        DispatchQueue.main.async { future.observe(using: handler) }
    }.get()
}
