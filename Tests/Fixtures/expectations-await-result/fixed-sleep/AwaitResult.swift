import XCTest
import Expectations

// Runs the main run loop a fixed 100 ms, then takes whatever value has arrived.

struct CallbackTimedOut: Error, CustomStringConvertible {
    let timeout: TimeInterval
    var description: String { "the callback did not come within \(timeout) s" }
}

extension XCTestCase {
    func awaitResult<T>(timeout: TimeInterval = 1,
                        _ function: (@escaping (T) -> Void) -> Void) throws -> T {
        var value: T?
        function { value = $0 }
        RunLoop.current.run(until: Date().addingTimeInterval(0.1))
        guard let value else { throw CallbackTimedOut(timeout: 0.1) }
        return value
    }

    func awaitResult<A, T>(timeout: TimeInterval = 1, _ function: @escaping (A, @escaping (T) -> Void) -> Void,
                           calledWith argument: A) throws -> T {
        try awaitResult(timeout: timeout) { handler in function(argument, handler) }
    }

    func awaitResult<T>(timeout: TimeInterval = 1, _ future: Future<T>) throws -> T {
        try awaitResult(timeout: timeout, future.observe).get()
    }
}
