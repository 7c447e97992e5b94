import Foundation

extension NSLock {
    /// `withLock` by another name: Foundation's own needs macOS 14, the kata supports macOS 13.
    func guarded<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
