#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One room server per checkout: two would each save their own state over the other's.
///
/// An advisory `flock` on `server.lock` beside the state, held for the server's whole life and
/// released by the kernel when the process ends, `kill -9` included, so a crash never leaves a
/// stale lock behind. The file's text says who holds it, for the second server's refusal.
public final class RoomServerLock: Sendable {
    /// Who holds the lock, as the holder wrote it.
    public struct Holder: Codable, Sendable, Equatable {
        public var pid: Int32
        public var url: String?
        public var code: String?
    }

    /// A second `--room-serve` on the same checkout: one line naming the running one.
    public struct AlreadyOpen: Error, CustomStringConvertible, Equatable {
        public var holder: Holder?

        public var description: String {
            guard let holder else { return "another --room-serve is running on this checkout; stop it first." }
            guard let url = holder.url else {
                return "another --room-serve (pid \(holder.pid)) is opening this checkout's room; stop it first (kill \(holder.pid))."
            }
            return "room \(holder.code ?? "") is already open on this checkout (pid \(holder.pid), \(url)): "
                + "use that one, or stop it first (Ctrl-C in its terminal, or kill \(holder.pid))."
        }
    }

    public let file: URL
    private let descriptor: Int32

    private init(file: URL, descriptor: Int32) {
        self.file = file
        self.descriptor = descriptor
    }

    /// Takes the checkout's room lock in `directory`, or throws `AlreadyOpen` naming its holder.
    public static func acquire(in directory: URL) throws -> RoomServerLock {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent("server.lock")
        let fd = open(file.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw RoomStoreError("cannot open \(file.path): \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = FileManager.default.contents(atPath: file.path).flatMap { try? JSONDecoder().decode(Holder.self, from: $0) }
            close(fd)
            throw AlreadyOpen(holder: holder)
        }
        let lock = RoomServerLock(file: file, descriptor: fd)
        lock.write(Holder(pid: getpid(), url: nil, code: nil))
        return lock
    }

    /// Says where the room is, once it listens.
    public func announce(url: String, code: String) {
        write(Holder(pid: getpid(), url: url, code: code))
    }

    /// Lets another server open the room: at exit, or when this one could not start.
    public func release() {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private func write(_ holder: Holder) {
        guard let data = try? JSONEncoder().encode(holder) else { return }
        _ = ftruncate(descriptor, 0)
        _ = data.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
}
