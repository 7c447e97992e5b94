import Dispatch

/// Runs `closure` on `queue` and hands its value to a handler, on that same queue.
///
/// `perform` returns before the work has even started, so a test that checks the value right
/// after calling it checks nothing: it has to wait for the handler.
public struct AsyncOperation<Value> {
    public let queue: DispatchQueue
    public let closure: () -> Value

    public init(queue: DispatchQueue = .main, closure: @escaping () -> Value) {
        self.queue = queue
        self.closure = closure
    }

    public func perform(then handler: @escaping (Value) -> Void) {
        queue.async {
            let value = self.closure()
            handler(value)
        }
    }
}
