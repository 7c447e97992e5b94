#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A socket call that failed: the call and its `errno`, or a message of its own.
public struct SocketError: Error, CustomStringConvertible {
    /// The `errno` of the failed call, or 0 for a failure that is not one.
    public let code: Int32
    public let description: String

    init(_ call: String, code: Int32 = errno) {
        self.code = code
        description = "\(call): \(String(cString: strerror(code)))"
    }

    init(message: String) {
        code = 0
        description = message
    }
}

/// The few BSD socket calls that the kata's two small HTTP servers and its client need, so that
/// they read as HTTP rather than as C. Only the toolchain's libc: the kata has no dependencies.
///
/// Every socket is non-blocking, and every wait is bounded by a deadline (`.distantFuture` for
/// none): a peer that sends half a request, or never answers, costs one thread that long and
/// nothing more. `shutDown` wakes a thread waiting on a socket at once.
public enum Socket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    /// Linux has no `SO_NOSIGPIPE`: each send asks not to raise SIGPIPE instead, which would
    /// otherwise kill the whole process when a peer hangs up first.
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// Listens on `address:port` (dotted IPv4; port 0 lets the kernel choose). Returns the socket
    /// and its port. `reuseAddress`: a restarted server gets its port back at once, not after
    /// TIME_WAIT.
    public static func listen(address: String, port: UInt16, backlog: Int32,
                              reuseAddress: Bool = false) throws -> (fd: Int32, port: UInt16) {
        var socketAddress = try makeAddress(address, port: port)
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError("socket") }
        do {
            if reuseAddress {
                var on: Int32 = 1
                _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            }
            try check("bind", withSocketAddress(&socketAddress) { bind(fd, $0, $1) })
            try check("listen", libcListen(fd, backlog))
            // Non-blocking, so that `accept` after `poll` can never hang if the client gave up in between.
            try check("fcntl", fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK))
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try check("getsockname", withUnsafeMutablePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            })
            return (fd, UInt16(bigEndian: socketAddress.sin_port))
        } catch {
            close(fd)
            throw error
        }
    }

    /// Connects to `address:port` (dotted IPv4) within `deadline`.
    public static func connect(address: String, port: UInt16, deadline: Date) throws -> Int32 {
        var socketAddress = try makeAddress(address, port: port)
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError("socket") }
        noSigPipe(fd)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let started = withSocketAddress(&socketAddress) { libcConnect(fd, $0, $1) }
        if started != 0 && errno != EINPROGRESS {
            let failure = SocketError("connect")
            close(fd)
            throw failure
        }
        if started != 0 {
            guard wait(fd, for: Int16(POLLOUT), until: deadline) else {
                close(fd)
                throw SocketError(message: "no answer from \(address):\(port) in time")
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 {
                close(fd)
                throw SocketError("connect", code: error)
            }
        }
        return fd
    }

    /// Waits until `listening` has a client or `wake` is readable. Returns the client's
    /// (non-blocking) socket and dotted address, or nil once woken, which ends an accept loop.
    public static func accept(listening: Int32, wake: Int32) -> (fd: Int32, remote: String)? {
        while true {
            var fds = [pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, fds[1].revents == 0 else { return nil }
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let client = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { libcAccept(listening, $0, &length) }
            }
            if client < 0 {
                if [EAGAIN, EWOULDBLOCK, ECONNABORTED, EINTR, EMFILE, ENFILE].contains(errno) {
                    // Out of descriptors: wait for a connection to end rather than spin.
                    if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                    continue
                }
                return nil
            }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            noSigPipe(client)
            return (client, dottedAddress(address.sin_addr))
        }
    }

    /// Reads up to the blank line that ends an HTTP head. Returns the head (without the blank
    /// line) and whatever body bytes came with it; nil on close, timeout, or a head longer than
    /// `limit`.
    public static func readHead(_ fd: Int32, limit: Int, deadline: Date) -> (head: Data, rest: Data)? {
        guard case .head(let head, let rest) = readRequestHead(fd, limit: limit, deadline: deadline) else { return nil }
        return (head, rest)
    }

    /// What `readRequestHead` found: the head (up to, not including, the blank line that ends it) and the
    /// bytes read after it; a head longer than its limit; or nothing before the deadline or close.
    public enum HeadRead: Equatable {
        case head(Data, rest: Data)
        case tooLong
        case incomplete
    }

    /// Reads a request's head, at most `limit` bytes of it (the blank line that ends it not
    /// counted): a longer head is `tooLong` however it arrived, in one piece or many.
    public static func readRequestHead(_ fd: Int32, limit: Int, deadline: Date) -> HeadRead {
        var data = Data()
        let end = Data("\r\n\r\n".utf8)
        while true {
            if let range = data.range(of: end) {
                guard range.lowerBound <= limit else { return .tooLong }
                return .head(data.subdata(in: 0..<range.lowerBound), rest: data.subdata(in: range.upperBound..<data.count))
            }
            // No end yet: a head already past its limit (and the 3 bytes of an end that may be
            // split across reads) cannot become short enough.
            guard data.count <= limit + 3 else { return .tooLong }
            guard let chunk = read(fd, max: 4096, deadline: deadline) else { return .incomplete }
            data.append(chunk)
        }
    }

    /// Reads until `data` holds `count` bytes; nil on close or timeout.
    public static func readBody(_ fd: Int32, have: Data, count: Int, deadline: Date) -> Data? {
        var data = have
        while data.count < count {
            guard let chunk = read(fd, max: min(16 * 1024, count - data.count), deadline: deadline) else { return nil }
            data.append(chunk)
        }
        return data.prefix(count)
    }

    /// Reads everything until the peer closes; nil on timeout or past `limit`.
    public static func readToEnd(_ fd: Int32, limit: Int, deadline: Date) -> Data? {
        var data = Data()
        while true {
            guard wait(fd, for: Int16(POLLIN), until: deadline) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return count == 0 ? data : nil }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else { return nil }
        }
    }

    /// Sends all of `data` before `deadline`. False when the peer went away or was too slow.
    @discardableResult
    public static func sendAll(_ fd: Int32, _ data: Data, deadline: Date) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                guard wait(fd, for: Int16(POLLOUT), until: deadline) else { return false }
                let sent = send(fd, bytes.baseAddress! + offset, bytes.count - offset, sendFlags)
                if sent < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Wakes any thread waiting to read or write `fd` (its call returns at once) without
    /// releasing the descriptor number, which only its owner may `close`.
    public static func shutDown(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RDWR)) }

    public static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// A pipe whose only job is to wake an accept loop's `poll` when its server stops.
    public static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        try check("pipe", pipe(&fds))
        return (fds[0], fds[1])
    }

    public static func wake(_ pipeWrite: Int32) {
        var byte: UInt8 = 1
        _ = write(pipeWrite, &byte, 1)
    }

    /// An IPv4 address as text, such as 192.168.1.20.
    public static func dottedAddress(_ address: in_addr) -> String {
        var address = address
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        _ = inet_ntop(AF_INET, &address, &text, socklen_t(INET_ADDRSTRLEN))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func read(_ fd: Int32, max: Int, deadline: Date) -> Data? {
        while true {
            guard wait(fd, for: Int16(POLLIN), until: deadline) else { return nil }
            var buffer = [UInt8](repeating: 0, count: max)
            let count = recv(fd, &buffer, max, 0)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return nil }
            return Data(buffer[0..<count])
        }
    }

    /// True when `fd` is ready for `events` before `deadline`.
    private static func wait(_ fd: Int32, for events: Int16, until deadline: Date) -> Bool {
        while true {
            // A minute at most per `poll`, so that a far deadline never overflows its milliseconds.
            let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 60_000)).rounded(.up))
            guard milliseconds > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if (ready < 0 && errno == EINTR) || ready == 0 { continue }
            return ready > 0
        }
    }

    private static func check(_ call: String, _ result: Int32) throws {
        if result < 0 { throw SocketError(call) }
    }

    private static func noSigPipe(_ fd: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static func makeAddress(_ address: String, port: UInt16) throws -> sockaddr_in {
        var socketAddress = sockaddr_in()
        #if canImport(Darwin)
        socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else {
            throw SocketError(message: "'\(address)' is not an IPv4 address such as 192.168.1.20")
        }
        return socketAddress
    }

    private static func withSocketAddress(_ address: inout sockaddr_in,
                                          _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}

// The libc names, reached past the static methods of the same name above.
private func libcListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func libcConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
private func libcAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 { accept(fd, address, length) }
