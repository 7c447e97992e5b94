#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
import Sockets
@testable import KataRoom

/// The server on 127.0.0.1, spoken to over real sockets, as attendees and the page do.
final class RoomServerTests: XCTestCase {
    var server: RoomServer!
    var base: URL!
    var storeFile: URL!

    override func setUpWithError() throws {
        storeFile = FileManager.default.temporaryDirectory.appendingPathComponent("room-\(UUID().uuidString)/state.json")
        try startServer()
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: storeFile.deletingLastPathComponent())
    }

    func startServer(port: UInt16 = 0) throws {
        let store = RoomStore(file: storeFile)
        let state = try store.load() ?? RoomState(code: RoomFixtures.code)
        server = RoomServer(service: RoomService(state: state, catalog: RoomFixtures.catalog, store: store))
        let port = try server.start(address: "127.0.0.1", port: port)
        base = URL(string: "http://127.0.0.1:\(port)")!
    }

    func post(_ path: String, _ value: some Encodable) throws -> RoomPoster.Answer {
        try RoomPoster.post(JSONEncoder().encode(value), to: base.appendingPathComponent(path), timeout: 2).get()
    }

    /// Sends raw bytes and returns the status of the answer, or nil if none came within `timeout`.
    func raw(_ bytes: String, timeout: TimeInterval = 2) throws -> Int? {
        let fd = try Socket.connect(address: "127.0.0.1", port: UInt16(base.port!), deadline: Date(timeIntervalSinceNow: 1))
        defer { Socket.close(fd) }
        Socket.sendAll(fd, Data(bytes.utf8), deadline: Date(timeIntervalSinceNow: 1))
        guard let reply = Socket.readToEnd(fd, limit: 1 << 20, deadline: Date(timeIntervalSinceNow: timeout)) else { return nil }
        return String(decoding: reply, as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    func testAJoinedAttendeesPostShowsInTheRoomAndSurvivesARestart() throws {
        XCTAssertEqual(try post("api/join", RoomFixtures.join("attendee-1")).status, 200)
        XCTAssertEqual(try post("api/results", RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1)])).status, 200)

        server.stop()
        try startServer()

        XCTAssertEqual(server.service.currentState.attendee("attendee-1")?.results["first"]?.verdict, .done)
    }

    func testItServesOnlyItsOwnRoutes() throws {
        XCTAssertEqual(try raw("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 200)
        XCTAssertEqual(try raw("GET /api/room HTTP/1.1\r\n\r\n"), 200)
        XCTAssertEqual(try raw("GET /api/room.csv HTTP/1.1\r\n\r\n"), 200)
        XCTAssertEqual(try raw("GET /../../etc/passwd HTTP/1.1\r\n\r\n"), 404)
        XCTAssertEqual(try raw("GET /Package.swift HTTP/1.1\r\n\r\n"), 404)
        XCTAssertEqual(try raw("DELETE /api/room HTTP/1.1\r\n\r\n"), 405)
    }

    func testMalformedOversizedAndUnauthorisedPostsAreRefusedWithAStatus() throws {
        XCTAssertEqual(try raw("garbage\r\n\r\n"), 400)
        XCTAssertEqual(try raw("POST /api/results HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 999999\r\n\r\n"), 413)
        XCTAssertEqual(try raw("POST /api/results HTTP/1.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}"), 415)
        XCTAssertEqual(try raw("POST /api/results HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{\"a\":"), 422)
        XCTAssertEqual(try post("api/join", JoinRequest(code: "WRONG1", attendee: "attendee-1", token: RoomFixtures.token("attendee-1"), name: "Ana")).status, 403)
        XCTAssertEqual(try post("api/join", JoinRequest(code: RoomFixtures.code, attendee: "attendee-1", token: RoomFixtures.token("attendee-1"), name: "A\u{7}")).status, 422)
        XCTAssertEqual(try post("api/results", RoomFixtures.post("attendee-1", [])).status, 404)
        XCTAssertEqual(server.service.currentState.attendees, [])
    }

    func testAHalfSentRequestDoesNotHoldUpAnotherClient() throws {
        let slow = try Socket.connect(address: "127.0.0.1", port: UInt16(base.port!), deadline: Date(timeIntervalSinceNow: 1))
        defer { Socket.close(slow) }
        Socket.sendAll(slow, Data("POST /api/results HTTP/1.1\r\nContent-Length: 100\r\n".utf8), deadline: Date(timeIntervalSinceNow: 1))

        let started = Date()
        XCTAssertEqual(try raw("GET /api/room HTTP/1.1\r\n\r\n"), 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    func testAFloodFromOneAttendeeIsRateLimited() throws {
        XCTAssertEqual(try post("api/join", RoomFixtures.join("attendee-1")).status, 200)
        let statuses = try (1...15).map { try post("api/results", RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .failing, seq: $0)])).status }

        XCTAssertEqual(statuses.filter { $0 == 200 }.count, 10, "\(statuses)")
        XCTAssertTrue(statuses.contains(429))
    }

    func testTheSenderKeepsResultsWhileTheRoomIsDownAndDeliversThemWithTheNextGrade() throws {
        let checkout = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: checkout) }
        let link = RoomLink(stateDirectory: checkout)
        let port = UInt16(base.port!)

        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: "done", missed: [])], timeout: 1), .notJoined)
        XCTAssertFalse(FileManager.default.fileExists(atPath: link.outboxFile.path), "nothing is kept without a join")

        let joined = try link.join(url: "\(base.absoluteString)/?room=\(RoomFixtures.code.lowercased())", name: "Ana")
        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: "failing", missed: [])], timeout: 1), .sent(1))

        server.stop()
        let started = Date()
        let outcome = link.send([GradedExercise(id: "first", verdict: "done", missed: []),
                                 GradedExercise(id: "second", verdict: "misses bugs", missed: ["wrong-url"])], timeout: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.2, "a room that is down never holds up grading")
        guard case .kept(2, _) = outcome else { return XCTFail("\(outcome)") }

        try startServer(port: port)
        XCTAssertEqual(link.send([], timeout: 1), .sent(2))
        let row = server.service.currentState.attendee(joined.attendee)
        XCTAssertEqual(row?.results.mapValues(\.verdict), ["first": .done, "second": .missesBugs])
        XCTAssertEqual(row?.results["second"]?.missed, ["wrong-url"])
        XCTAssertEqual(link.outbox, [])

        XCTAssertTrue(link.leave())
        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: "done", missed: [])], timeout: 1), .notJoined)
    }

    func testARoomThatAcceptsButNeverAnswersCostsTheSenderOnlyItsTimeout() throws {
        // A listener that never accepts: the kernel completes the handshake, then nothing comes back.
        let silent = try Socket.listen(address: "127.0.0.1", port: 0, backlog: 128)
        defer { Socket.close(silent.fd) }

        let started = Date()
        let result = RoomPoster.post(Data("{}".utf8), to: URL(string: "http://127.0.0.1:\(silent.port)/api/results")!, timeout: 0.5)

        XCTAssertEqual(result, .failure(.timedOut))
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.8)
    }

    func testTheAddressesPrintedForAttendeesAreNeverLoopback() {
        XCTAssertFalse(LocalAddresses.lan().contains { $0.hasPrefix("127.") })
    }

    func testJoiningAWrongURLOrRoomFailsWithOneLine() throws {
        let link = RoomLink(stateDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)"))
        XCTAssertThrowsError(try link.join(url: "\(base.absoluteString)/", name: "Ana")) { XCTAssertTrue("\($0)".contains("?room=CODE"), "\($0)") }
        XCTAssertThrowsError(try link.join(url: "\(base.absoluteString)/?room=NOPE12", name: "Ana")) { XCTAssertTrue("\($0)".contains("wrong room code"), "\($0)") }
        XCTAssertNil(link.membership)
    }
}
