import XCTest
import Expectations

// Blocks on a semaphore: the main thread sleeps, so a callback that comes on the main queue never runs, and the test never ends.

struct CallbackTimedOut: Error, CustomStringConvertible {
    let timeout: TimeInterval
    var description: String { "the callback did not come within \(timeout) s" }
}

extension XCTestCase {
    func awaitResult<T>(timeout: TimeInterval = 1,
                        _ function: (@escaping (T) -> Void) -> Void) throws -> T {
        let semaphore = DispatchSemaphore(value: 0)
        var value: T?
        function {
            value = $0
            semaphore.signal()
        }
        semaphore.wait()
        return value!
    }

    func awaitResult<A, T>(timeout: TimeInterval = 1, _ function: @escaping (A, @escaping (T) -> Void) -> Void,
                           calledWith argument: A) throws -> T {
        try awaitResult(timeout: timeout) { handler in function(argument, handler) }
    }

    func awaitResult<T>(timeout: TimeInterval = 1, _ future: Future<T>) throws -> T {
        try awaitResult(timeout: timeout, future.observe).get()
    }
}
