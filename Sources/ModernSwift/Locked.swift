import Foundation

/// A value behind a lock, so that a closure running on another task can record what it saw and
/// the test can read it back. (`Synchronization.Mutex` is the same idea, from macOS 15 on.)
/// SwiftConcurrency has the same box: each pattern's module stands alone, so that its lesson reads
/// whole in one folder and no pattern's tests import another's.
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
