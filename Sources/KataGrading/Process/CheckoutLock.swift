import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One grade at a time per checkout: a second run waits instead of racing the first on the
/// shared shadow copy. The lock is an advisory `flock`, released by the kernel if we die.
public final class CheckoutLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    public static func acquire(in directory: URL, onWait: () -> Void) throws -> CheckoutLock {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("grade.lock").path
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CatalogError("cannot open the lock file \(path).") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            onWait()
            guard flock(fd, LOCK_EX) == 0 else { throw CatalogError("cannot lock \(path).") }
        }
        return CheckoutLock(descriptor: fd)
    }

    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
