import Foundation

/// A value behind a lock.
///
/// Swift 6 refuses shared mutable state that it cannot prove safe: a `static var` in a
/// `URLProtocol` that URLSession's threads write and a test reads, an array that a closure fills in
/// from another task. `Synchronization.Mutex` would do, but it needs macOS 15; this box is the
/// same idea on every platform the kata runs on. ModernSwift has the same box: each pattern's
/// module stands alone, so that its lesson reads whole in one folder and no pattern's tests import
/// another's.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    public init(_ value: Value) {
        _value = value
    }

    /// Reads or changes the value while holding the lock. Keep `body` short and never `await` in it.
    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&_value)
    }

    /// A copy of the value as it is right now.
    public var value: Value {
        withLock { $0 }
    }
}
