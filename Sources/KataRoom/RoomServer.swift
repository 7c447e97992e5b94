#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KataVerdicts
import Sockets

/// The room's HTTP server: one thread per connection, so that a slow or silent client holds up only
/// its own thread, and only until its deadline. Everything it answers comes from `RoomService`.
/// What its threads share is behind locks (`Locked`), so the compiler checks its `Sendable`.
public final class RoomServer: Sendable {
    /// A whole request must arrive within this time, or the connection is dropped with 408: an
    /// honest one takes milliseconds, and an idle connection holds a slot only this long.
    public static let requestTimeout: TimeInterval = 2
    /// The longest request head (request line and headers) the room reads: 8 KiB.
    public static let maxHead = 8 * 1024
    /// Beyond this many connections at once a new one is refused at once, so a flood cannot
    /// exhaust threads or descriptors.
    public static let maxConnections = 200
    /// Beyond this many from one machine (`ConnectionQuota.machine`), its new connections are
    /// refused at once. A room of 30 on one shared address (a lab machine, a proxy) opens a
    /// handful at a time: each request takes milliseconds.
    public static let maxConnectionsPerAddress = 32
    /// Beyond this many connections from one machine that have not sent their request yet, its
    /// new ones are refused at once.
    public static let maxIdlePerMachine = 8
    /// Beyond this many such connections in all, the oldest of the machine holding the most is
    /// closed to let a new one in: several machines' idle connections cannot lock the page out.
    public static let maxIdle = 64

    public let service: RoomService
    /// The connections being served and each machine's share of them; set to stop at the end.
    private let admission: Locked<Admission>
    /// The listening socket and the pipe that wakes its thread: set by `start`, cleared by `stop`.
    private let endpoints = Locked(Endpoints())
    private let threads = DispatchGroup()

    private struct Admission {
        var connections: Set<Int32> = []
        var quota: ConnectionQuota
        var stopping = false
    }

    private struct Endpoints {
        var listening: Int32 = -1
        var wake: (read: Int32, write: Int32) = (-1, -1)
    }

    public init(service: RoomService, maxConnections: Int = RoomServer.maxConnections,
                maxConnectionsPerAddress: Int = RoomServer.maxConnectionsPerAddress,
                maxIdle: Int = RoomServer.maxIdle, maxIdlePerMachine: Int = RoomServer.maxIdlePerMachine) {
        self.service = service
        admission = Locked(Admission(quota: ConnectionQuota(total: maxConnections, perMachine: maxConnectionsPerAddress, idleTotal: maxIdle,
                                                            idlePerMachine: maxIdlePerMachine)))
    }

    /// Starts listening and returns the port.
    public func start(address: String, port: UInt16) throws -> UInt16 {
        let listener: (fd: Int32, port: UInt16)
        do {
            listener = try Socket.listen(address: address, port: port, backlog: 128, reuseAddress: true)
        } catch let error as SocketError where error.code == EADDRINUSE {
            throw PortInUse(port: port)
        }
        let wake = try Socket.makeWakePipe()
        endpoints.withLock { $0 = Endpoints(listening: listener.fd, wake: wake) }
        threads.enter()
        let thread = Thread { [self] in
            acceptConnections()
            threads.leave()
        }
        thread.name = "RoomServer.accept"
        thread.start()
        return listener.port
    }

    /// Stops accepting, cuts every open connection short, and waits (briefly) for the threads.
    public func stop() {
        let open: Set<Int32> = admission.withLock {
            $0.stopping = true
            return $0.connections
        }
        let ends = endpoints.value
        guard ends.listening >= 0 else { return }
        open.forEach(Socket.shutDown)
        Socket.wake(ends.wake.write)
        guard threads.wait(timeout: .now() + 3) == .success else { return }
        Socket.close(ends.listening)
        Socket.close(ends.wake.read)
        Socket.close(ends.wake.write)
        endpoints.withLock { $0.listening = -1 }
    }

    /// The one listening failure an instructor can fix alone.
    struct PortInUse: Error, CustomStringConvertible {
        var port: UInt16
        var description: String { "port \(port) is in use: choose another with --port N" }
    }

    private func acceptConnections() {
        let ends = endpoints.value
        while let (client, remote) = Socket.accept(listening: ends.listening, wake: ends.wake.read) {
            let refusal: ConnectionQuota.Refusal? = admission.withLock { admission in
                if admission.stopping { return .roomFull }
                switch admission.quota.admit(remote, connection: client) {
                case .refused(let refusal):
                    return refusal
                case .admitted(let closing):
                    // Cut short while its thread still owns the descriptor: that thread answers
                    // 408, if the client still listens, and closes it.
                    if let closing { Socket.shutDown(closing) }
                    admission.connections.insert(client)
                    return nil
                }
            }
            if let refusal {
                refuse(client, refusal)
                continue
            }
            threads.enter()
            let thread = Thread { [self] in
                serve(client, remote: remote)
                admission.withLock { admission in
                    admission.connections.remove(client)
                    admission.quota.release(remote, connection: client)
                }
                Socket.close(client)
                threads.leave()
            }
            thread.name = "RoomServer.connection"
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// One short write into a fresh socket's empty buffer, so the refused client reads why, and the
    /// accept loop never waits on it. What the client sent already is read and dropped, and the
    /// write side closed first: a socket closed with unread bytes is reset, and a reset can
    /// destroy the answer before the client reads it.
    private func refuse(_ client: Int32, _ refusal: ConnectionQuota.Refusal) {
        Socket.sendAll(client, refusal.response.wireData, deadline: Date(timeIntervalSinceNow: 0.05))
        _ = shutdown(client, Int32(SHUT_WR))
        var sink = [UInt8](repeating: 0, count: 4096)
        while recv(client, &sink, sink.count, Int32(MSG_DONTWAIT)) > 0 {}
        Socket.close(client)
    }

    private func serve(_ client: Int32, remote: String) {
        let response: HTTPResponse
        switch read(client, deadline: Date(timeIntervalSinceNow: Self.requestTimeout)) {
        case .request(let request):
            admission.withLock { $0.quota.requestArrived(client) }
            response = service.handle(request, remote: remote)
        case .refused(let refusal): response = refusal
        }
        Socket.sendAll(client, response.wireData, deadline: Date(timeIntervalSinceNow: Self.requestTimeout))
    }

    private enum ReadOutcome {
        case request(HTTPRequest)
        case refused(HTTPResponse)
    }

    private func read(_ client: Int32, deadline: Date) -> ReadOutcome {
        let head: Data, rest: Data
        switch Socket.readRequestHead(client, limit: Self.maxHead, deadline: deadline) {
        case .head(let read, let after): (head, rest) = (read, after)
        case .tooLong: return .refused(.error(431, "the request's head is over \(Self.maxHead / 1024) KiB"))
        case .incomplete: return .refused(.error(408, "the request did not arrive in time"))
        }
        guard var request = HTTPRequest(head: head) else { return .refused(.error(400, "not an HTTP/1.1 request")) }
        if request.headers["transfer-encoding"] != nil { return .refused(.error(411, "send a Content-Length, not chunks")) }
        if request.conflictingLengths { return .refused(.error(400, "two Content-Length headers that disagree")) }
        let length = request.headers["content-length"].map { Int($0) ?? -1 } ?? 0
        guard length >= 0 else { return .refused(.error(400, "Content-Length is not a number")) }
        guard length <= RoomService.maxBody else {
            return .refused(.error(413, "the body is over \(RoomService.maxBody) bytes"))
        }
        guard let body = Socket.readBody(client, have: rest, count: length, deadline: deadline) else {
            return .refused(.error(408, "the body did not arrive in time"))
        }
        request.body = body
        return .request(request)
    }
}
