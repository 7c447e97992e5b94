import Foundation

/// A value guarded by a lock, for results gathered from concurrent runs and for an answer that
/// comes back from another thread: the one lock box of the grader and the room (here, in what they
/// share; the grader's modules name it through `KataGradingCore.Locked`). As pointfree's
/// `LockIsolated`, the value itself is handed out (`value`) only where it is `Sendable`; otherwise
/// it is reached only inside `withLock`, and what leaves it must be `Sendable`.
///
/// `@unchecked Sendable`: every read and write of `stored` holds `lock`, and no value of it leaves
/// the lock unless it is `Sendable`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: sending Value) { stored = value }
    public func withLock<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body(&stored)
    }
}

extension Locked where Value: Sendable {
    /// A copy of the value as it is now.
    public var value: Value { withLock { $0 } }
}
