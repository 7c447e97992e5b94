#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KataVerdicts
import Sockets

/// Posts JSON to the room over a plain socket, within a hard deadline.
///
/// Not URLSession: on Linux it sends even 127.0.0.1 through an `http_proxy` it finds in the
/// environment, and its timeouts do not cover name resolution. Here the whole exchange runs on
/// its own thread and the caller stops waiting at the deadline, whatever the network does.
public enum RoomPoster {
    public struct Answer: Sendable, Equatable {
        public var status: Int
        public var body: Data
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreachable(String)
        case timedOut

        public var description: String {
            switch self {
            case .unreachable(let why): "the room is not reachable (\(why))"
            case .timedOut: "the room did not answer in time"
            }
        }
    }

    public static func post(_ body: Data, to url: URL, timeout: TimeInterval) -> Result<Answer, Failure> {
        let answer = Locked<Result<Answer, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let deadline = Date(timeIntervalSinceNow: timeout)
        let thread = Thread {
            let result = exchange(body, url: url, deadline: deadline)
            answer.withLock { $0 = result }
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + timeout + 0.05) == .success else { return .failure(.timedOut) }
        return answer.value ?? .failure(.timedOut)
    }

    static func exchange(_ body: Data, url: URL, deadline: Date) -> Result<Answer, Failure> {
        guard url.scheme == "http", let host = url.host else { return .failure(.unreachable("only http:// URLs are supported")) }
        guard let address = resolve(host) else { return .failure(.unreachable("cannot resolve \(host)")) }
        let port = UInt16(url.port ?? 80)
        let fd: Int32
        do { fd = try Socket.connect(address: address, port: port, deadline: deadline) } catch {
            return .failure(.unreachable("\(error)"))
        }
        defer { Socket.close(fd) }
        let path = url.path.isEmpty ? "/" : url.path
        let head = "POST \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        guard Socket.sendAll(fd, Data(head.utf8) + body, deadline: deadline) else { return .failure(.timedOut) }
        guard let reply = Socket.readToEnd(fd, limit: 256 * 1024, deadline: deadline) else { return .failure(.timedOut) }
        guard let split = reply.range(of: Data("\r\n\r\n".utf8)),
              let statusLine = String(data: reply.prefix(upTo: split.lowerBound), encoding: .utf8)?.split(separator: "\r\n").first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return .failure(.unreachable("the answer is not HTTP")) }
        return .success(Answer(status: status, body: reply.subdata(in: split.upperBound..<reply.count)))
    }

    /// A dotted IPv4 address for `host`: itself when it is one already, else the first the resolver gives.
    static func resolve(_ host: String) -> String? {
        var probe = in_addr()
        if inet_pton(AF_INET, host, &probe) == 1 { return host }
        if host == "localhost" { return "127.0.0.1" }
        var hints = addrinfo()
        hints.ai_family = AF_INET
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        guard let address = first.pointee.ai_addr else { return nil }
        return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Socket.dottedAddress($0.pointee.sin_addr) }
    }
}

/// The addresses this machine can be reached at, to print a join line that works from another laptop.
public enum LocalAddresses {
    /// The IPv4 addresses of interfaces that are up and not loopback, in the system's order.
    public static func lan() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(truncatingIfNeeded: entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            addresses.append(address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Socket.dottedAddress($0.pointee.sin_addr) })
        }
        return addresses
    }
}
