import Foundation
import KataGradingKernel
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One grade at a time per checkout: a second run waits instead of racing the first on the
/// shared shadow copy. The lock is an advisory `flock`, released by the kernel if its holder dies;
/// the holder writes its pid into the file, so that a waiter can name it.
///
/// The wait is bounded: a process that holds the lock for good (a test that escaped its run and
/// took it, a grade stopped in a debugger) is named, with the command that ends it, and the
/// waiter gives up after `patience` seconds instead of waiting forever.
public final class CheckoutLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    public struct StillHeld: Error, CustomStringConvertible {
        public var description: String
    }

    public static func acquire(in directory: URL, patience: Double = 300, say: (String) -> Void) throws -> CheckoutLock {
        let (path, fd) = try openFile(in: directory)
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let holder = Self.holder(path: path, fd: fd)
            say("Another grade.sh\(holder.map { " (\($0))" } ?? "") is running in this checkout; waiting for it to finish…\n")
            let start = Date()
            var named = false
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let waited = Date().timeIntervalSince(start)
                if !named, waited > 15, let holder = Self.holder(path: path, fd: fd) {
                    named = true
                    say("Still waiting for \(holder). If it is stuck, end it (kill \(holder.split(separator: " ")[1].prefix { $0.isNumber })) or press Ctrl-C here.\n")
                }
                guard waited < patience else {
                    close(fd)
                    throw StillHeld(description: "the checkout is still locked after \(Int(patience)) s by \(Self.holder(path: path, fd: fd) ?? "another process"). If it is stuck, end it, then grade again.")
                }
                usleep(100_000)
            }
        }
        return held(fd)
    }

    /// The lock when it is free now, else nil at once: for work that another grade would do
    /// itself (`Grader.prepareCopy`), which need not wait for it.
    public static func acquireIfFree(in directory: URL) -> CheckoutLock? {
        guard let fd = try? openFile(in: directory).fd else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { close(fd); return nil }
        return held(fd)
    }

    private static func openFile(in directory: URL) throws -> (path: String, fd: Int32) {
        try GraderFolder.makeReal(directory, within: directory)
        let path = directory.appendingPathComponent("grade.lock").path
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw CatalogError("cannot open the lock file \(path).") }
        return (path, fd)
    }

    /// The lock, just taken on `fd`, with the holder's name written for whoever waits next.
    private static func held(_ fd: Int32) -> CheckoutLock {
        let me = "pid \(getpid()), started \(Self.clock(Date()))\n"
        _ = ftruncate(fd, 0)
        _ = me.withCString { pwrite(fd, $0, strlen($0), 0) }
        return CheckoutLock(descriptor: fd)
    }

    /// "pid N, started HH:MM:SS" as the holder wrote it, when that process is still alive. Where
    /// the kernel keeps a list of locks (Linux), it names the real holder, whoever took it.
    static func holder(path: String, fd: Int32) -> String? {
        let pid = kata_lock_holder(fd)
        if pid > 0 {
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?
                .split(separator: "\0").first.map { ($0 as NSString).lastPathComponent } ?? "a process"
            return "pid \(pid), \(command)"
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix("pid "),
              let pid = Int32(text.dropFirst(4).prefix { $0.isNumber }), kill(pid, 0) == 0 else { return nil }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
