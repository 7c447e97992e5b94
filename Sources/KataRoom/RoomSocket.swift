#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The BSD socket calls the room needs, so that `RoomServer` and `RoomPoster` read as HTTP rather
/// than C. Every read and write is bounded by a deadline: a client that sends half a request, or
/// a server that never answers, costs one thread a few seconds and nothing more.
enum RoomSocket {
    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    /// Linux has no `SO_NOSIGPIPE`: ask each send not to raise SIGPIPE, which would kill the process.
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ call: String, _ code: Int32 = errno) { description = "\(call): \(String(cString: strerror(code)))" }
        init(message: String) { description = message }
    }

    /// Listens on `address:port` (port 0 lets the kernel choose). Returns the socket and the port.
    static func listen(address: String, port: UInt16) throws -> (fd: Int32, port: UInt16) {
        var socketAddress = try makeAddress(address, port: port)
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw Failure("socket") }
        do {
            // A restarted room must get its port back at once, not after TIME_WAIT.
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            guard withSocketAddress(&socketAddress, { bind(fd, $0, $1) }) == 0 else {
                throw errno == EADDRINUSE ? Failure(message: "port \(port) is in use: choose another with --port N") : Failure("bind")
            }
            guard libcListen(fd, 128) == 0 else { throw Failure("listen") }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            return (fd, UInt16(bigEndian: socketAddress.sin_port))
        } catch {
            close(fd)
            throw error
        }
    }

    /// Connects to `address:port` (dotted IPv4) within `deadline`.
    static func connect(address: String, port: UInt16, deadline: Date) throws -> Int32 {
        var socketAddress = try makeAddress(address, port: port)
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw Failure("socket") }
        noSigPipe(fd)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let started = withSocketAddress(&socketAddress) { libcConnect(fd, $0, $1) }
        if started != 0 && errno != EINPROGRESS {
            let failure = Failure("connect")
            close(fd)
            throw failure
        }
        if started != 0 {
            guard wait(fd, for: Int16(POLLOUT), until: deadline) else {
                close(fd)
                throw Failure(message: "no answer from \(address):\(port) in time")
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 {
                close(fd)
                throw Failure("connect", error)
            }
        }
        return fd
    }

    /// Waits for a client or for `wake`; nil once woken.
    static func accept(listening: Int32, wake: Int32) -> (fd: Int32, remote: String)? {
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
                    if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                    continue
                }
                return nil
            }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            noSigPipe(client)
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(INET_ADDRSTRLEN))
            return (client, string(fromCString: text))
        }
    }

    /// Reads up to and including the blank line after the head. Returns the head and whatever
    /// body bytes came with it; nil on close, timeout, or a head longer than `limit`.
    static func readHead(_ fd: Int32, limit: Int, deadline: Date) -> (head: Data, rest: Data)? {
        var data = Data()
        let end = Data("\r\n\r\n".utf8)
        while true {
            if let range = data.range(of: end) {
                return (data.subdata(in: 0..<range.lowerBound), data.subdata(in: range.upperBound..<data.count))
            }
            guard data.count <= limit, let chunk = read(fd, max: 4096, deadline: deadline) else { return nil }
            data.append(chunk)
        }
    }

    /// Reads until `data` holds `count` bytes; nil on close or timeout.
    static func readBody(_ fd: Int32, have: Data, count: Int, deadline: Date) -> Data? {
        var data = have
        while data.count < count {
            guard let chunk = read(fd, max: min(16 * 1024, count - data.count), deadline: deadline) else { return nil }
            data.append(chunk)
        }
        return data.prefix(count)
    }

    /// Reads everything until the peer closes; nil on timeout or past `limit`.
    static func readToEnd(_ fd: Int32, limit: Int, deadline: Date) -> Data? {
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

    /// Sends all of `data` before `deadline`. False when the peer went away or was too slow.
    @discardableResult
    static func sendAll(_ fd: Int32, _ data: Data, deadline: Date) -> Bool {
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

    /// True when `fd` is ready for `events` before `deadline`.
    private static func wait(_ fd: Int32, for events: Int16, until deadline: Date) -> Bool {
        while true {
            let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 60_000)).rounded(.up))
            guard milliseconds > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// A NUL-terminated C buffer as a Swift string.
    static func string(fromCString buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func shutDown(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RDWR)) }

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure("pipe") }
        return (fds[0], fds[1])
    }

    static func wake(_ pipeWrite: Int32) {
        var byte: UInt8 = 1
        _ = write(pipeWrite, &byte, 1)
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
            throw Failure(message: "'\(address)' is not an IPv4 address such as 192.168.1.20")
        }
        return socketAddress
    }

    private static func withSocketAddress(_ address: inout sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}

// The libc names, reached past the static methods of the same name above.
private func libcListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func libcConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
private func libcAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 { accept(fd, address, length) }
