#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
import Sockets
import KataVerdicts
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

    static let key = "instructorkey" + String(repeating: "k", count: 19)

    func startServer(port: UInt16 = 0, rowsPerMachine: Int? = nil) throws {
        let store = RoomStore(file: storeFile)
        let state = try store.load() ?? RoomState(code: RoomFixtures.code, instructorKey: Self.key)
        server = RoomServer(service: RoomService(state: state, catalog: RoomFixtures.catalog, store: store, rowsPerMachine: rowsPerMachine))
        let port = try server.start(address: "127.0.0.1", port: port)
        base = URL(string: "http://127.0.0.1:\(port)")!
    }

    func post(_ path: String, _ value: some Encodable) throws -> RoomPoster.Answer {
        try RoomPoster.post(JSONEncoder().encode(value), to: base.appendingPathComponent(path), timeout: 2).get()
    }

    /// Sends raw bytes and returns the status of the answer, or nil if none came within `timeout`.
    /// `from` another loopback address, when the system routes it (Linux does, macOS does not).
    func raw(_ bytes: String, timeout: TimeInterval = 2, from source: String? = nil) throws -> Int? {
        let fd = try source.map { try XCTUnwrap(Self.connect(from: $0, port: UInt16(base.port!)), "cannot connect from \($0)") }
            ?? Socket.connect(address: "127.0.0.1", port: UInt16(base.port!), deadline: Date(timeIntervalSinceNow: 1))
        defer { Socket.close(fd) }
        Socket.sendAll(fd, Data(bytes.utf8), deadline: Date(timeIntervalSinceNow: 1))
        let reply = Self.readWhatArrives(fd, deadline: Date(timeIntervalSinceNow: timeout))
        return String(decoding: reply, as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// Everything that arrived before the peer closed, reset, or the deadline passed.
    static func readWhatArrives(_ fd: Int32, deadline: Date) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
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

    func testAHeadOver8KiBIsRefusedAndTwoLengthsThatDisagreeAreABadRequestAtOnce() throws {
        func head(_ size: Int) -> String {
            let line = "GET /api/room HTTP/1.1\r\nX-Padding: "
            return line + String(repeating: "a", count: size - line.utf8.count - 2) + "\r\n\r\n"
        }
        XCTAssertEqual(try raw(head(9000)), 431, "docs/room-api.md: a head over 8 KiB")
        let pieces = try Socket.connect(address: "127.0.0.1", port: UInt16(base.port!), deadline: Date(timeIntervalSinceNow: 1))
        defer { Socket.close(pieces) }
        for piece in Array(head(9000).utf8).chunked(1000) {
            Socket.sendAll(pieces, Data(piece), deadline: Date(timeIntervalSinceNow: 1))
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTAssertTrue(String(decoding: Self.readWhatArrives(pieces, deadline: Date(timeIntervalSinceNow: 2)), as: UTF8.self).hasPrefix("HTTP/1.1 431"),
                      "however it arrives")
        XCTAssertEqual(try raw(head(8000)), 200)
        let started = Date()
        XCTAssertEqual(try raw("POST /api/instructor HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{}"), 400)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "refused at once, not after the 5 s deadline")
        XCTAssertEqual(try raw("POST /api/instructor HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"), 422,
                       "two that agree frame the body")
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

        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: .done, missed: [])], timeout: 1), .notJoined)
        XCTAssertFalse(FileManager.default.fileExists(atPath: link.outboxFile.path), "nothing is kept without a join")

        let joined = try link.join(url: "\(base.absoluteString)/?room=\(RoomFixtures.code.lowercased())", name: "Ana")
        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: .failing, missed: [])], timeout: 1), .sent(1))

        server.stop()
        let started = Date()
        let outcome = link.send([GradedExercise(id: "first", verdict: .done, missed: []),
                                 GradedExercise(id: "second", verdict: .missesBugs, missed: ["wrong-url"])], timeout: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.2, "a room that is down never holds up grading")
        guard case .kept(2, _) = outcome else { return XCTFail("\(outcome)") }

        try startServer(port: port)
        XCTAssertEqual(link.send([], timeout: 1), .sent(2))
        let row = server.service.currentState.attendee(joined.attendee)
        XCTAssertEqual(row?.results.mapValues(\.verdict), ["first": .done, "second": .missesBugs])
        XCTAssertEqual(row?.results["second"]?.missed, ["wrong-url"])
        XCTAssertEqual(link.outbox, [])

        XCTAssertEqual(link.leave(), .left(code: RoomFixtures.code))
        XCTAssertNil(server.service.currentState.attendee(joined.attendee), "--leave takes the row off the page")
        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: .done, missed: [])], timeout: 1), .notJoined)
        XCTAssertEqual(link.leave(), .notJoined)
    }

    /// The instructor reopened the room by its code without its saved rows (`--room-serve --code`):
    /// the room answers that it does not know the checkout, the results stay in the outbox, and
    /// the checkout joins again as the same row, which then takes them.
    func testACheckoutTheReopenedRoomDoesNotKnowKeepsItsResultsAndJoinsAgainAsTheSameRow() throws {
        let checkout = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: checkout) }
        let link = RoomLink(stateDirectory: checkout)
        let port = UInt16(base.port!)
        let joined = try link.join(url: "\(base.absoluteString)/?room=\(RoomFixtures.code)", name: "Ana")

        server.stop()
        try FileManager.default.removeItem(at: storeFile)
        try startServer(port: port)
        XCTAssertNil(server.service.currentState.attendee(joined.attendee))

        let outcome = link.send([GradedExercise(id: "second", verdict: .missesBugs, missed: ["wrong-url"])], timeout: 1)
        guard case .unknownToRoom(1, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(link.outbox.count, 1, "what the room did not take is kept")
        XCTAssertNotNil(link.membership, "the join is not forgotten: the room lost it, not the attendee")

        try link.rejoin(timeout: 1)
        XCTAssertEqual(link.send([], timeout: 1), .sent(1))
        let row = server.service.currentState.attendee(joined.attendee)
        XCTAssertEqual(row?.name, "Ana")
        XCTAssertEqual(row?.results["second"]?.missed, ["wrong-url"])
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

    /// A blocking connection from `source` to 127.0.0.1:`port`; nil when `source` cannot be bound.
    static func connect(from source: String, port: UInt16) -> Int32? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        func address(_ text: String, _ port: UInt16) -> sockaddr_in {
            var address = sockaddr_in()
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            _ = inet_pton(AF_INET, text, &address.sin_addr)
            return address
        }
        var local = address(source, 0), remote = address("127.0.0.1", port)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        let connected = bound == 0 && withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connectSocket(fd, $0, size) } } == 0
        guard connected else {
            Socket.close(fd)
            return nil
        }
        return fd
    }

    func testTwoHundredIdleConnectionsFromOneMachineLeaveTheRoomToEveryoneElse() throws {
        guard let probe = Self.connect(from: "127.0.0.2", port: UInt16(base.port!)) else {
            throw XCTSkip("this system routes only 127.0.0.1 (macOS): another machine cannot be played here")
        }
        Socket.close(probe)
        // 200 connections from one laptop that never send a byte.
        let idle = try (0..<200).map { _ in try Socket.connect(address: "127.0.0.1", port: UInt16(base.port!), deadline: Date(timeIntervalSinceNow: 2)) }
        Thread.sleep(forTimeInterval: 0.2)

        let started = Date()
        XCTAssertEqual(try raw("GET /api/room HTTP/1.1\r\n\r\n", from: "127.0.0.2"), 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "another machine is served at once")
        XCTAssertEqual(try raw("GET /api/room HTTP/1.1\r\n\r\n"), 429, "the laptop with 200 open gets no more")
        func posted(_ path: String, _ value: some Encodable) throws -> Int? {
            let body = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
            return try raw("POST \(path) HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)", from: "127.0.0.2")
        }
        XCTAssertEqual(try posted("/api/join", RoomFixtures.join("attendee-2")), 200, "another machine joins")
        XCTAssertEqual(try posted("/api/results", RoomFixtures.post("attendee-2", [.init(id: "first", verdict: .failing, seq: 1)])), 200,
                       "and its results are taken")
        let answered = idle.filter { !Self.readWhatArrives($0, deadline: Date(timeIntervalSinceNow: 0.02)).isEmpty }
        XCTAssertEqual(answered.count, 200 - RoomServer.maxIdlePerMachine, "the rest were refused at once, not held")
        idle.forEach(Socket.close)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try raw("GET /api/room HTTP/1.1\r\n\r\n"), 200, "once it closes them, that laptop is served again")
    }

    /// Connections from `fds` the room still holds open without an answer.
    static func held(_ fds: [Int32]) -> Int {
        fds.filter { fd in
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) == 0
        }.count
    }

    func testIdleConnectionsFromEightAddressesLeaveThePageToEveryoneElse() throws {
        guard let probe = Self.connect(from: "127.0.0.2", port: UInt16(base.port!)) else {
            throw XCTSkip("this system routes only 127.0.0.1 (macOS): another machine cannot be played here")
        }
        Socket.close(probe)
        // One machine with eight addresses, 1,000 silent connections (125 from each): far more idle
        // ones than the room keeps in all (64).
        #if canImport(Glibc)
        let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let files = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        getrlimit(files, &limit)
        if limit.rlim_cur < 1300 { limit.rlim_cur = min(limit.rlim_max, 1300); setrlimit(files, &limit) }
        // The page is loaded while they are being opened, and once they all are.
        let port = UInt16(base.port!), opened = Locked<[Int32]>([]), flooding = DispatchGroup()
        flooding.enter()
        Thread.detachNewThread {
            for index in 0..<1000 {
                if let fd = Self.connect(from: "127.0.0.\(2 + index % 8)", port: port) { opened.withLock { $0.append(fd) } }
            }
            flooding.leave()
        }
        var loads = 0
        while flooding.wait(timeout: .now()) == .timedOut || loads < 20 {
            let started = Date()
            XCTAssertEqual(try raw("GET / HTTP/1.1\r\n\r\n", from: "127.0.0.20"), 200)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, "another machine is served at once")
            loads += 1
            Thread.sleep(forTimeInterval: 0.1)
        }
        let idle = opened.value
        defer { idle.forEach(Socket.close) }
        XCTAssertEqual(idle.count, 1000, "each connection is accepted by the system, then by the room or refused")
        Thread.sleep(forTimeInterval: 2.5)
        XCTAssertEqual(Self.held(idle), 0, "no idle connection outlives the 2 s request deadline (docs/room-api.md)")
    }

    /// A loop that joins as fast as it can from one machine: the default rows, then the reason;
    /// another machine still joins; leaving frees a row, the next join coming back within a second.
    func testAJoinLoopFromOneMachineGetsItsDefaultRowsAndTheReason() throws {
        server.stop()
        try startServer(rowsPerMachine: RoomService.defaultRowsPerMachine)
        let answers = try (0..<70).map { try post("api/join", RoomFixtures.join("flood-attendee-\($0)", name: "Flood \($0)")) }
        XCTAssertEqual(answers.filter { $0.status == 200 }.count, RoomService.defaultRowsPerMachine)
        let refusal = try XCTUnwrap(answers.first { $0.status != 200 })
        XCTAssertEqual(refusal.status, 429)
        XCTAssertTrue(String(decoding: refusal.body, as: UTF8.self).contains("already has 3 rows"), String(decoding: refusal.body, as: UTF8.self))
        if Self.connect(from: "127.0.0.2", port: UInt16(base.port!)).map({ Socket.close($0) }) != nil {
            let body = String(decoding: try JSONEncoder().encode(RoomFixtures.join("neighbour-attendee-1", name: "Neighbour")), as: UTF8.self)
            XCTAssertEqual(try raw("POST /api/join HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)", from: "127.0.0.2"), 200,
                           "another machine still joins")
        }
        XCTAssertEqual(try post("api/leave", RoomFixtures.post("flood-attendee-0", [])).status, 200)
        XCTAssertNil(server.service.currentState.attendee("flood-attendee-0"), "leaving takes the row off the page")
        Thread.sleep(forTimeInterval: 1.1)
        XCTAssertEqual(try post("api/join", RoomFixtures.join("flood-again-1", name: "Flood again")).status, 200, "and frees the machine's row")
    }

    func testJoinsFromOneMachineStopAtItsRowsWithAReason() throws {
        server.stop()
        try startServer(rowsPerMachine: 2)
        let links = (1...3).map { _ in RoomLink(stateDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)")) }
        defer { links.forEach { try? FileManager.default.removeItem(at: $0.membershipFile.deletingLastPathComponent()) } }
        let url = "\(base.absoluteString)/?room=\(RoomFixtures.code)"

        XCTAssertNoThrow(try links[0].join(url: url, name: "Ana"))
        XCTAssertNoThrow(try links[1].join(url: url, name: "Ana again"))
        XCTAssertThrowsError(try links[2].join(url: url, name: "Ana thrice")) {
            XCTAssertTrue("\($0)".contains("this machine (127.0.0.1) already has 2 rows in the room (Ana, Ana again)"), "\($0)")
        }
        XCTAssertNoThrow(try links[0].join(url: url, name: "Ana Lopez"), "renaming by joining again is not a new row")
        links[1].leave()
        XCTAssertNoThrow(try links[2].join(url: url, name: "Ana thrice"), "leaving frees the machine's row")
    }

    func testOnlyTheInstructorKeyRemovesAndRenamesRows() throws {
        XCTAssertEqual(try post("api/join", RoomFixtures.join("attendee-1")).status, 200)
        let token = RoomFixtures.token("attendee-1")
        XCTAssertEqual(try post("api/instructor", InstructorRequest(key: Self.key)).status, 200)
        XCTAssertEqual(try post("api/instructor", InstructorRequest(key: String(repeating: "x", count: 32))).status, 403)
        XCTAssertEqual(try post("api/remove", InstructorRequest(key: token, attendee: "attendee-1")).status, 403, "an attendee's token is not the key")
        XCTAssertEqual(try post("api/rename", InstructorRequest(key: "short", attendee: "attendee-1", name: "X")).status, 403)
        XCTAssertEqual(try raw("POST /api/remove HTTP/1.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}"), 415)
        let noKey = #"{"attendee":"attendee-1","name":"X"}"#
        XCTAssertEqual(try raw("POST /api/rename HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(noKey.utf8.count)\r\n\r\n\(noKey)"), 422)

        XCTAssertEqual(try post("api/rename", InstructorRequest(key: Self.key, attendee: "attendee-1", name: String(repeating: "n", count: 41))).status, 422)
        XCTAssertEqual(try post("api/rename", InstructorRequest(key: Self.key, attendee: "attendee-1", name: " Ana Lopez ")).status, 200)
        XCTAssertEqual(server.service.currentState.attendee("attendee-1")?.name, "Ana Lopez")
        for path in ["/", "/api/room", "/api/room.csv"] {
            let served = String(decoding: server.service.handle(HTTPRequest(method: "GET", path: path), remote: "127.0.0.1").body, as: UTF8.self)
            XCTAssertFalse(served.contains(Self.key), path)
            XCTAssertFalse(served.contains(token), path)
        }
        XCTAssertEqual(try post("api/remove", InstructorRequest(key: Self.key, attendee: "attendee-1")).status, 200)
        XCTAssertEqual(try post("api/remove", InstructorRequest(key: Self.key, attendee: "attendee-1")).status, 404)
        XCTAssertEqual(server.service.currentState.attendees, [])
        XCTAssertEqual(try post("api/results", RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1)])).status, 410,
                       "a removed row's next results are gone, not unknown")
    }

    func testWrongInstructorKeysAreSlowedDown() throws {
        let statuses = try (1...15).map { _ in try post("api/instructor", InstructorRequest(key: String(repeating: "w", count: 32))).status }
        XCTAssertEqual(statuses.filter { $0 == 403 }.count, 10, "\(statuses)")
        XCTAssertEqual(statuses.last, 429)
    }

    func testACheckoutWhoseRowWasRemovedForgetsTheRoomOnItsNextGradeAndSaysSoOnce() throws {
        let link = RoomLink(stateDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: link.membershipFile.deletingLastPathComponent()) }
        let joined = try link.join(url: "\(base.absoluteString)/?room=\(RoomFixtures.code)", name: "Ana")
        XCTAssertEqual(try post("api/remove", InstructorRequest(key: Self.key, attendee: joined.attendee)).status, 200)

        guard case .removed(let why) = link.send([GradedExercise(id: "first", verdict: .done, missed: [], framework: "xctest")], timeout: 1) else {
            return XCTFail("a removed row's grade is not told so")
        }
        XCTAssertTrue(why.contains("the instructor removed"), why)
        XCTAssertNil(link.membership)
        XCTAssertEqual(link.send([GradedExercise(id: "first", verdict: .done, missed: [])], timeout: 1), .notJoined, "and later grades say nothing")
    }

    func testLeavingWhileTheRoomIsDownStillLeavesAndSaysTheRowStays() throws {
        let link = RoomLink(stateDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: link.membershipFile.deletingLastPathComponent()) }
        _ = try link.join(url: "\(base.absoluteString)/?room=\(RoomFixtures.code)", name: "Ana")
        server.stop()

        guard case .leftHereOnly(RoomFixtures.code, _) = link.leave(timeout: 0.5) else { return XCTFail("leaving must not need the room") }
        XCTAssertNil(link.membership)
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

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] { stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] } }
}

/// libc's `connect`, reached past `RoomServerTests.connect(from:port:)`.
private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
