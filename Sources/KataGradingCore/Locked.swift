import Foundation

/// A value guarded by a lock, for results gathered from concurrent runs.
///
/// `@unchecked Sendable`: every read and write of `stored` holds `lock`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body(&stored)
    }
}
