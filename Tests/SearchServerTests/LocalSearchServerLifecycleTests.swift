#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SearchServer
import XCTest

/// Starting and stopping: nothing may leak into the next test, and nothing may hang it.
final class LocalSearchServerLifecycleTests: XCTestCase {
    func testStoppedServerRefusesConnectionsAndANewOneWorks() async throws {
        let first = LocalSearchServer()
        let firstURL = try first.start()
        first.stop()

        await assertConnectionFails(to: firstURL)

        let second = LocalSearchServer()
        defer { second.stop() }
        let (_, response) = try await fetch(try second.start(), "/search?term=abba")
        XCTAssertEqual(response.statusCode, 200)
    }

    func testStopIsIdempotentAndAServerCanStartAgain() async throws {
        let server = LocalSearchServer()
        server.stop()
        _ = try server.start()
        server.stop()
        server.stop()

        let url = try server.start()
        defer { server.stop() }
        XCTAssertEqual(try server.start(), url, "start() while running keeps the same port")
        let (_, response) = try await fetch(url, "/search?term=abba")
        XCTAssertEqual(response.statusCode, 200)
    }

    func testDroppingAServerStopsIt() async throws {
        var server: LocalSearchServer? = LocalSearchServer()
        let url = try server!.start()
        server = nil

        await assertConnectionFails(to: url)
    }

    func testStopDuringSlowReplyReturnsPromptlyAndClosesTheConnection() async throws {
        let server = LocalSearchServer(reply: .slow(LocalSearchServer.sampleSearchJSON, after: 10))
        let url = try server.start()
        let pending = Task { try await fetch(url, "/search?term=abba") }
        try waitUntil { !server.receivedRequests.isEmpty }

        let stopping = Date()
        server.stop()
        let stopDuration = Date().timeIntervalSince(stopping)
        let result = await pending.result

        XCTAssertLessThan(stopDuration, 0.5, "stop() should not wait for the slow reply")
        XCTAssertThrowsError(try result.get(), "the pending client sees the connection close")
        XCTAssertLessThan(Date().timeIntervalSince(stopping), 2, "the client learns at once")
    }

    /// Without MSG_NOSIGNAL (Linux) or SO_NOSIGPIPE (macOS), writing to a socket that is shut
    /// down raises SIGPIPE, which kills the whole test process, not just this test.
    func testStopMidReplyDoesNotKillTheProcess() throws {
        // Far more than the socket buffers hold, and the client never reads: the server is still
        // writing when stop() shuts the connection down, so its next write fails with EPIPE.
        let server = LocalSearchServer(reply: .ok(Data(count: 32 << 20)))
        let url = try server.start()
        let client = try RawClient(port: UInt16(url.port!))
        defer { client.close() }
        client.send("GET /search?term=abba HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try waitUntil { !server.receivedRequests.isEmpty }

        let stopping = Date()
        server.stop()  // returns only after the connection thread has given up writing

        XCTAssertLessThan(Date().timeIntervalSince(stopping), 0.5, "stop() should not wait for the client to read")
        XCTAssertEqual(server.receivedRequests.count, 1, "and the process is still alive")
    }

    private func assertConnectionFails(to url: URL, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let (_, response) = try await fetch(url, "/search?term=abba")
            XCTFail("expected no answer, got \(response.statusCode)", file: file, line: line)
        } catch {
            XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost, file: file, line: line)
        }
    }
}

/// Polls for something another thread does with no callback to wait on; fails after `timeout`.
private func waitUntil(timeout: TimeInterval = 2, _ condition: () -> Bool) throws {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        guard Date() < deadline else { throw TimedOut(seconds: timeout) }
        usleep(1_000)
    }
}

private struct TimedOut: Error {
    let seconds: TimeInterval
}

/// A bare TCP client, for what `URLSession` will not do on purpose: never read the reply.
private struct RawClient {
    let fd: Int32

    init(port: UInt16) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close()
            throw URLError(.cannotConnectToHost)
        }
    }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }

    func close() {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }
}
