#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A POSIX call that failed, with its `errno`.
public struct SocketError: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// The few BSD socket calls the server needs, kept here so that `LocalSearchServer` reads as HTTP
/// rather than as C. Only the toolchain's libc: the kata has no package dependencies.
enum Socket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    /// Linux has no `SO_NOSIGPIPE`: each `send` asks not to raise SIGPIPE instead, which would
    /// otherwise kill the whole test process when a client hangs up first.
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// A listening socket on 127.0.0.1 only (never reachable from another machine), on a port the
    /// kernel picks, so that servers in parallel or back-to-back tests never collide.
    static func listenOnLoopback() throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        do {
            var address = sockaddr_in()
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            try check("bind", withSocketAddress(&address) { bind(fd, $0, $1) })
            try check("listen", listen(fd, 16))
            // Non-blocking, so that `accept` after `poll` can never hang if the client gave up
            // in between.
            try check("fcntl", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK))
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try check("getsockname", withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            })
            return (fd, UInt16(bigEndian: address.sin_port))
        } catch {
            close(fd)
            throw error
        }
    }

    /// Waits until `listening` has a client or `wake` is readable. Returns the client's socket,
    /// or nil once woken (or on an error), which ends the accept loop.
    static func acceptUnlessWoken(listening: Int32, wake: Int32) -> Int32? {
        while true {
            var fds = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, fds[1].revents == 0 else { return nil }
            let client = accept(listening, nil, nil)
            if client < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED || errno == EINTR {
                    continue
                }
                return nil
            }
            // macOS hands out accepted sockets with the listener's O_NONBLOCK; the connection
            // threads want plain blocking reads and writes.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
            #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            return client
        }
    }

    /// Reads until the blank line that ends an HTTP request head. Nil if the peer closed, the
    /// socket was shut down, or the head grew beyond `limit` bytes.
    static func readHead(_ fd: Int32, limit: Int = 64 * 1024) -> Data? {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Data("\r\n\r\n".utf8)
        while head.range(of: end) == nil {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0, head.count + count <= limit else { return nil }
            head.append(contentsOf: buffer[0..<count])
        }
        return head
    }

    /// Sends all of `data`, giving up silently if the client has gone away.
    static func sendAll(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let sent = send(fd, bytes.baseAddress! + offset, bytes.count - offset, sendFlags)
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    /// Wakes any thread blocked reading or writing `fd` (its call returns at once) without
    /// releasing the descriptor number, which only its owner may `close`.
    static func shutDown(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// A pipe whose only job is to wake the accept loop's `poll` when the server stops.
    static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        try check("pipe", pipe(&fds))
        return (fds[0], fds[1])
    }

    static func wake(_ pipeWrite: Int32) {
        var byte: UInt8 = 1
        _ = write(pipeWrite, &byte, 1)
    }

    private static func check(_ call: String, _ result: Int32) throws {
        if result < 0 { throw SocketError(call: call, code: errno) }
    }

    private static func withSocketAddress(
        _ address: inout sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }
}
