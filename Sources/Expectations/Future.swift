/// A value that arrives later, or an error instead.
///
/// Hand-rolled, as many apps did before Combine and async/await: whoever needs the value calls
/// `observe(using:)`; whoever produces it holds the `Promise` and resolves it. An observer added
/// after the value arrived is called at once.
///
/// Not thread-safe: resolve and observe it on the same queue (the main queue, in this app).
public class Future<Value> {
    fileprivate var result: Result<Value, Error>? {
        didSet { result.map(report) }
    }
    private var callbacks: [(Result<Value, Error>) -> Void] = []

    public func observe(using callback: @escaping (Result<Value, Error>) -> Void) {
        if let result = result {
            return callback(result)
        }
        callbacks.append(callback)
    }

    private func report(_ result: Result<Value, Error>) {
        let pending = callbacks
        callbacks = []
        pending.forEach { $0(result) }
    }
}

/// The producer's side of a `Future`.
public final class Promise<Value>: Future<Value> {
    public override init() {}

    public func resolve(with value: Value) {
        result = .success(value)
    }

    public func reject(with error: Error) {
        result = .failure(error)
    }
}
