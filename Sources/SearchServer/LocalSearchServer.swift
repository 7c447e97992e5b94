import Dispatch
import Foundation
import Sockets

/// A tiny HTTP/1.1 server on 127.0.0.1 that plays the iTunes Search API, so that a test can drive
/// a real `URLSession` client end to end without touching the internet.
///
/// ```swift
/// let server = LocalSearchServer(reply: .slow(LocalSearchServer.sampleSearchJSON, after: 0.2))
/// let baseURL = try server.start()          // http://127.0.0.1:<free port>
/// defer { server.stop() }
/// // … point the client at baseURL, wait for its completion handler …
/// XCTAssertEqual(server.receivedRequests.first?.query("term"), "abba")
/// ```
///
/// `GET /search` gets the current `reply`; any other path gets 404, as a client that builds the
/// wrong URL deserves. Every request is recorded, whatever its path; request bodies are not read,
/// since the search client only sends GETs.
///
/// Each connection is served on its own thread, so a slow reply never holds up another request,
/// and `stop()` wakes every thread and waits for it, so no thread or port outlives the test.
///
/// On Linux, `URLSession` follows an `http_proxy` environment variable even to 127.0.0.1 (an empty
/// `connectionProxyDictionary` does not stop it); where one is set, `no_proxy` must list 127.0.0.1.
public final class LocalSearchServer: @unchecked Sendable {
    private let shared: SharedState
    /// Serialises `start()` and `stop()`; guards `running`.
    private let lifecycle = NSLock()
    private var running: Running?

    public init(reply: Reply = .ok(LocalSearchServer.sampleSearchJSON)) {
        shared = SharedState(reply: reply)
    }

    /// A server dropped without `stop()` must not keep its port and threads alive. The threads
    /// hold only `shared`, not `self`, so that dropping the last reference gets here.
    deinit { stop() }

    /// The reply to the next `GET /search`. Safe to change from any thread while running.
    public var reply: Reply {
        get { shared.locked { $0.reply } }
        set { shared.locked { $0.reply = newValue } }
    }

    /// Every request received so far, in the order they arrived.
    public var receivedRequests: [ReceivedRequest] {
        shared.locked { $0.requests }
    }

    /// Starts listening on a free port of 127.0.0.1 and returns the base URL to give the client,
    /// `http://127.0.0.1:<port>`. While running, calling it again returns the same URL.
    public func start() throws -> URL {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        if let running { return running.baseURL }

        // 127.0.0.1 only (never reachable from another machine), on a port the kernel picks, so
        // that servers in parallel or back-to-back tests never collide.
        let listener = try Socket.listen(address: "127.0.0.1", port: 0, backlog: 16)
        let wake: (read: Int32, write: Int32)
        do { wake = try Socket.makeWakePipe() } catch {
            Socket.close(listener.fd)
            throw error
        }
        shared.locked { $0.isStopping = false }
        let threads = DispatchGroup()
        threads.enter()
        let shared = self.shared
        let acceptThread = Thread {
            Self.acceptConnections(listening: listener.fd, wake: wake.read, shared: shared, threads: threads)
            threads.leave()
        }
        acceptThread.name = "LocalSearchServer.accept"
        acceptThread.start()

        let baseURL = URL(string: "http://127.0.0.1:\(listener.port)")!
        running = Running(baseURL: baseURL, listening: listener.fd, wake: wake, threads: threads)
        return baseURL
    }

    /// Stops listening, cuts short any slow reply (its client sees the connection close) and
    /// waits for every server thread to end, which takes milliseconds. Safe to call twice.
    public func stop() {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        guard let running else { return }
        self.running = nil

        shared.stopServing()
        Socket.wake(running.wake.write)
        // Everything above wakes every thread, so this returns in milliseconds. The bound only
        // keeps a bug from hanging the test run; then the descriptors are leaked rather than
        // closed under a thread that may still use them.
        guard running.threads.wait(timeout: .now() + 2) == .success else { return }
        Socket.close(running.listening)
        Socket.close(running.wake.read)
        Socket.close(running.wake.write)
    }

    // MARK: - Threads

    private static func acceptConnections(listening: Int32, wake: Int32, shared: SharedState,
                                          threads: DispatchGroup) {
        while let (client, _) = Socket.accept(listening: listening, wake: wake) {
            guard shared.adopt(client) else {
                Socket.close(client)
                return
            }
            threads.enter()
            let connectionThread = Thread {
                serve(client, shared: shared)
                threads.leave()
            }
            connectionThread.name = "LocalSearchServer.connection"
            connectionThread.start()
        }
    }

    private static func serve(_ client: Int32, shared: SharedState) {
        defer {
            // Forget before closing: once closed, the number may be reused by another socket that
            // `stopServing()` must not shut down.
            shared.forget(client)
            Socket.close(client)
        }
        // No deadline: a connection ends when its client does, or when `stop()` shuts it down.
        guard let (head, _) = Socket.readHead(client, limit: 64 * 1024, deadline: .distantFuture),
              let request = ReceivedRequest(head: head),
              let reply = shared.record(request)
        else { return }
        guard request.path == "/search" else {
            Socket.sendAll(client, Reply.response(status: 404, body: Data()), deadline: .distantFuture)
            return
        }
        guard shared.sleepUnlessStopped(for: reply.delay) else { return }
        Socket.sendAll(client, reply.response, deadline: .distantFuture)
    }
}

extension LocalSearchServer {
    /// What only a running server has.
    private struct Running {
        let baseURL: URL
        let listening: Int32
        let wake: (read: Int32, write: Int32)
        /// The accept thread and every connection thread, so that `stop()` can wait for them.
        let threads: DispatchGroup
    }

    /// The state the server's threads share with it, behind one condition lock.
    private final class SharedState: @unchecked Sendable {
        struct Fields {
            var reply: Reply
            var requests: [ReceivedRequest] = []
            var isStopping = false
            /// Sockets being served, so that `stopServing()` can wake threads blocked on them.
            var connections: Set<Int32> = []
        }

        private let condition = NSCondition()
        private var fields: Fields

        init(reply: Reply) { fields = Fields(reply: reply) }

        func locked<T>(_ body: (inout Fields) -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body(&fields)
        }

        /// False once stopping: the accept loop must then close the client instead of serving it.
        func adopt(_ client: Int32) -> Bool {
            locked { fields in
                guard !fields.isStopping else { return false }
                fields.connections.insert(client)
                return true
            }
        }

        func forget(_ client: Int32) {
            _ = locked { $0.connections.remove(client) }
        }

        /// Records the request and returns the reply to send, or nil if the server is stopping.
        func record(_ request: ReceivedRequest) -> Reply? {
            locked { fields in
                guard !fields.isStopping else { return nil }
                fields.requests.append(request)
                return fields.reply
            }
        }

        /// Sleeps for `seconds` unless the server stops first. True if the time ran out normally.
        func sleepUnlessStopped(for seconds: TimeInterval) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            defer { condition.unlock() }
            while !fields.isStopping && Date() < deadline {
                _ = condition.wait(until: deadline)
            }
            return !fields.isStopping
        }

        /// Wakes every connection thread: those blocked on a socket through `shutdown`, those
        /// holding back a slow reply through the condition.
        func stopServing() {
            condition.lock()
            defer { condition.unlock() }
            fields.isStopping = true
            fields.connections.forEach(Socket.shutDown)
            condition.broadcast()
        }
    }
}
