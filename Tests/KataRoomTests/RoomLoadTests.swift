import XCTest
import KataVerdicts
import Sockets
@testable import KataRoom

/// A room under load on loopback, for a bounded time: 30 attendees grading every 2 s, each from a
/// machine of its own (127.0.0.10, .11, …) with the real sender's outbox (what is not acknowledged
/// is sent again with the next grade), 5 page watchers, and one attendee sending everything but a
/// valid request. Where the system routes only 127.0.0.1 (macOS) they share it, with the rows per
/// machine raised. The restart test stops the server dead mid-load and starts it from its file.
final class RoomLoadTests: XCTestCase {
    /// One simulated checkout; the test's threads reach it only through `LoadRun.attendees`.
    struct Attendee: Sendable {
        var id: String, token: String, source: String?
        var seq = 0
        var outbox: [String: ResultsPost.Entry] = [:], acked: [String: ResultsPost.Entry] = [:]
        var latencies: [TimeInterval] = [], errors: [String] = [], refusedWhileDown = 0
    }

    /// What the threads of one run share.
    final class LoadRun: Sendable {
        let port: UInt16, code = RoomFixtures.code
        let attendees: Locked<[Attendee]>
        let down = Locked(false), generation = Locked(0), stop = Locked(false)
        let watcherServed = Locked(0), watcherErrors = Locked<[String]>([]), garbageSent = Locked(0), garbageUnexpected = Locked<[String]>([])

        init(port: UInt16, count: Int) {
            self.port = port
            attendees = Locked((0..<count).map { index in
                Attendee(id: "a-load-\(index)", token: "tokenload\(index)" + String(repeating: "x", count: 20), source: RoomLoadTests.source(index))
            })
        }

        /// Waits up to `seconds`, less when the run stops.
        func pause(_ seconds: TimeInterval) {
            let end = Date(timeIntervalSinceNow: seconds)
            while !stop.value, end.timeIntervalSinceNow > 0 { Thread.sleep(forTimeInterval: min(0.05, end.timeIntervalSinceNow)) }
        }
    }

    static let wide = canBind("127.0.0.2")

    /// True when `address` can be a source (Linux routes all of 127/8; macOS only 127.0.0.1).
    static func canBind(_ address: String) -> Bool {
        let listener = try? Socket.listen(address: address, port: 0, backlog: 1)
        listener.map { Socket.close($0.fd) }
        return listener != nil
    }

    /// The address simulated machine `index` speaks from.
    static func source(_ index: Int) -> String? {
        wide ? "127.0.\(1 + index / 200).\(10 + index % 200)" : nil
    }

    /// Sends `request` from `source` and reads to the end: the status, `closed` (no answer) or
    /// `hung` (none within `timeout`).
    static func exchange(_ request: Data, port: UInt16, from source: String?, timeout: TimeInterval = 8) -> (answer: String, body: Data) {
        let fd = source.map { RoomServerTests.connect(from: $0, port: port) }
            ?? (try? Socket.connect(address: "127.0.0.1", port: port, deadline: Date(timeIntervalSinceNow: 2)))
        guard let fd else { return ("refused", Data()) }
        defer { Socket.close(fd) }
        let started = Date()
        Socket.sendAll(fd, request, deadline: Date(timeIntervalSinceNow: 2))
        let reply = RoomServerTests.readWhatArrives(fd, deadline: Date(timeIntervalSinceNow: timeout))
        guard let head = reply.range(of: Data("\r\n\r\n".utf8)) else {
            return (Date().timeIntervalSince(started) >= timeout ? "hung" : "closed", Data())
        }
        let status = String(decoding: reply[..<head.lowerBound], as: UTF8.self).split(separator: " ").dropFirst().first.map(String.init) ?? "closed"
        return (status, reply[head.upperBound...])
    }

    static func post(_ path: String, _ body: Data, contentType: String = "application/json") -> Data {
        Data("POST \(path) HTTP/1.1\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    static func get(_ path: String) -> Data { Data("GET \(path) HTTP/1.1\r\n\r\n".utf8) }

    var storeFile: URL!
    var server: Locked<RoomServer?> = Locked(nil)

    override func setUp() {
        storeFile = FileManager.default.temporaryDirectory.appendingPathComponent("room-load-\(UUID().uuidString)/state.json")
    }

    override func tearDown() {
        server.withLock { $0?.stop() }
        try? FileManager.default.removeItem(at: storeFile.deletingLastPathComponent())
    }

    /// The room from its file (or a new one), on `port`.
    func startRoom(port: UInt16 = 0) throws -> UInt16 {
        let store = RoomStore(file: storeFile)
        let state = try store.load() ?? RoomState(code: RoomFixtures.code, instructorKey: RoomServerTests.key)
        let room = RoomServer(service: RoomService(state: state, catalog: RoomFixtures.catalog, store: store,
                                                   rowsPerMachine: Self.wide ? RoomService.defaultRowsPerMachine : 300))
        let bound = try room.start(address: "127.0.0.1", port: port)
        server.withLock { $0 = room }
        return bound
    }

    // MARK: - The attendees, the watchers, the garbage sender

    static func join(_ run: LoadRun, _ index: Int) throws {
        let me = run.attendees.withLock { $0[index] }
        let body = try JSONEncoder().encode(JoinRequest(code: run.code, attendee: me.id, token: me.token, name: "Attendee \(index)"))
        let (answer, reply) = Self.exchange(Self.post("/api/join", body), port: run.port, from: me.source)
        guard answer == "200" else { throw JoinRefused(description: "join of \(me.id): \(answer) \(String(decoding: reply, as: UTF8.self))") }
    }

    struct JoinRefused: Error, CustomStringConvertible { var description: String }

    /// One grade: 1 to 3 exercises, random verdicts, into the outbox; then the outbox is sent.
    static func grade(_ run: LoadRun, _ index: Int, _ random: inout some RandomNumberGenerator) {
        let exercises = RoomFixtures.catalog.exercises
        let picked = exercises.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
        let entries = picked.map { exercise -> (String, VerdictKind, [String], Bool) in
            let verdict = VerdictKind.allCases.randomElement(using: &random)!
            let chaffs = exercise.bugHints.keys.sorted()
            let missed = verdict == .missesBugs && !chaffs.isEmpty ? Array(chaffs.shuffled(using: &random).prefix(Int.random(in: 1...chaffs.count, using: &random))).sorted() : []
            let perturbed = [.rejectsCorrectCode, .flaky].contains(verdict) && Bool.random(using: &random)
            return (exercise.id, verdict, missed, perturbed)
        }
        run.attendees.withLock {
            for (id, verdict, missed, perturbed) in entries {
                $0[index].seq += 1
                $0[index].outbox[id] = .init(id: id, verdict: verdict, missed: missed, seq: $0[index].seq, perturbed: perturbed)
            }
        }
        flush(run, index)
    }

    /// Sends the outbox; true when the room took it (or it was empty).
    @discardableResult
    static func flush(_ run: LoadRun, _ index: Int) -> Bool {
        let (me, sent) = run.attendees.withLock { ($0[index], Array($0[index].outbox.values)) }
        guard !sent.isEmpty else { return true }
        let generation = run.generation.value
        let body = (try? JSONEncoder().encode(ResultsPost(code: run.code, attendee: me.id, token: me.token, results: sent))) ?? Data()
        let started = Date()
        let (answer, reply) = Self.exchange(Self.post("/api/results", body), port: run.port, from: me.source, timeout: 5)
        let elapsed = Date().timeIntervalSince(started)
        let dying = run.down.value || generation != run.generation.value
        return run.attendees.withLock {
            if answer == "200" {
                $0[index].latencies.append(elapsed)
                for entry in sent {
                    if ($0[index].acked[entry.id]?.seq ?? -1) < entry.seq { $0[index].acked[entry.id] = entry }
                    if $0[index].outbox[entry.id] == entry { $0[index].outbox[entry.id] = nil }
                }
                return true
            }
            if dying { $0[index].refusedWhileDown += 1 } else { $0[index].errors.append("\(answer) \(String(decoding: reply.prefix(200), as: UTF8.self))") }
            return false
        }
    }

    static func watch(_ run: LoadRun) {
        var polls = 0
        while !run.stop.value {
            let path = polls % 5 == 0 ? "/" : "/api/room?stuckAfter=10"
            let generation = run.generation.value
            let answer = Self.exchange(Self.get(path), port: run.port, from: nil, timeout: 5).answer
            if answer == "200" { run.watcherServed.withLock { $0 += 1 } }
            else if !run.down.value, generation == run.generation.value { run.watcherErrors.withLock { $0.append("\(path) \(answer)") } }
            polls += 1
            run.pause(2)
        }
    }

    /// Each kind of garbage and the answers it may get: never a hang.
    static func garbage(_ run: LoadRun, me: Attendee, victim: Attendee) -> [(String, Data, Set<String>)] {
        func results(_ attendee: String, _ token: String, _ entries: String) -> Data {
            Self.post("/api/results", Data(#"{"code":"\#(run.code)","attendee":"\#(attendee)","token":"\#(token)","results":[\#(entries)]}"#.utf8))
        }
        let head = "POST /api/results HTTP/1.1\r\nContent-Type: application/json\r\n"
        return [
            ("random bytes", Data((0..<200).map { _ in UInt8.random(in: 0...255) }) + Data("\r\n\r\n".utf8), ["400", "closed"]),
            ("half-sent head", Data("POST /api/results HTTP/1.1\r\nContent-Le".utf8), ["408"]),
            ("half-sent body", Data((head + "Content-Length: 100\r\n\r\n{\"code\"").utf8), ["408"]),
            ("oversized body", Data((head + "Content-Length: 10000000\r\n\r\n").utf8), ["413"]),
            ("huge head", Data(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 20000) + "\r\n\r\n").utf8), ["431", "closed"]),
            ("two Content-Lengths", Data((head + "Content-Length: 2\r\nContent-Length: 200\r\n\r\n{}").utf8), ["400"]),
            ("not JSON", Self.post("/api/results", Data(#"{"code": "#.utf8)), ["422"]),
            ("form post", Self.post("/api/results", Data("a=b".utf8), contentType: "application/x-www-form-urlencoded"), ["415"]),
            ("no room code", Self.post("/api/results", Data(#"{"code":"WRONG1","attendee":"\#(me.id)","token":"\#(me.token)","results":[]}"#.utf8)), ["403"]),
            ("another's row", results(victim.id, String(repeating: "q", count: 32), #"{"id":"first","verdict":"done","missed":[],"seq":1000000000}"#), ["403"]),
            ("unknown exercise", results(me.id, me.token, #"{"id":"no-such","verdict":"done","missed":[],"seq":1}"#), ["422", "429"]),
            ("bad verdict", results(me.id, me.token, #"{"id":"first","verdict":"won","missed":[],"seq":1}"#), ["422"]),
            ("file by path", Self.get("/../../Package.swift"), ["404"]),
            ("wrong method", Data("PUT /api/room HTTP/1.1\r\nContent-Length: 0\r\n\r\n".utf8), ["405"]),
        ]
    }

    static func sendGarbage(_ run: LoadRun, me index: Int, slow: DispatchGroup) {
        let (me, victim) = run.attendees.withLock { ($0[index], $0[0]) }
        let kinds = garbage(run, me: me, victim: victim)
        // The half-sent kinds hold their connection until the room's 2 s deadline. A machine may
        // hold 8 such connections (`RoomServer.maxIdlePerMachine`) and the ninth is refused with 429,
        // rightly; so at most 4 are held at once, and each gets the deadline's 408 however busy the
        // machine is.
        let held = Locked(0)
        while !run.stop.value {
            let drawn = kinds.randomElement()!
            let holds = drawn.0.hasPrefix("half-sent")
            let counted = holds && held.withLock { count -> Bool in
                guard count < 4 else { return false }
                count += 1
                return true
            }
            let (name, bytes, expected) = holds && !counted ? kinds.first { !$0.0.hasPrefix("half-sent") }! : drawn
            // Slow kinds run beside the loop, as a real slow client would.
            slow.enter()
            Thread.detachNewThread {
                defer { slow.leave(); if counted { held.withLock { $0 -= 1 } } }
                let generation = run.generation.value
                let got = Self.exchange(bytes, port: run.port, from: me.source).answer
                guard !run.down.value, generation == run.generation.value, !expected.contains(got) else { return }
                run.garbageUnexpected.withLock { $0.append("\(name): got \(got), expected \(expected.sorted())") }
            }
            run.garbageSent.withLock { $0 += 1 }
            run.pause(0.1)
        }
    }

    // MARK: - The runs

    /// Runs the load for `seconds`; with `stopAt`, stops the server dead then, and starts it from
    /// its file 2 s later. Returns the run for its figures; fails the test on what went wrong.
    func load(seconds: TimeInterval, stopAt: TimeInterval? = nil) throws -> LoadRun {
        let port = try startRoom()
        let run = LoadRun(port: port, count: 31)
        let garbageIndex = 30
        for index in 0...garbageIndex { try Self.join(run, index) }
        let threads = DispatchGroup(), slow = DispatchGroup()
        for index in 0..<garbageIndex {
            threads.enter()
            Thread.detachNewThread {
                var random = SeededRandom(seed: UInt64(index + 1))
                run.pause(Double.random(in: 0...2, using: &random))
                while !run.stop.value { Self.grade(run, index, &random); run.pause(2) }
                threads.leave()
            }
        }
        for _ in 0..<5 {
            threads.enter()
            Thread.detachNewThread { Self.watch(run); threads.leave() }
        }
        threads.enter()
        Thread.detachNewThread { Self.sendGarbage(run, me: garbageIndex, slow: slow); threads.leave() }

        let started = Date()
        if let stopAt {
            Thread.sleep(forTimeInterval: stopAt)
            run.down.withLock { $0 = true }
            run.generation.withLock { $0 += 1 }
            // As kill -9 leaves it: no more answers, and the file holds what was saved. Every
            // result acknowledged by then must be in it.
            server.withLock { $0?.stop() }
            let acked = run.attendees.withLock { $0.map { ($0.id, $0.acked) } }
            let saved = try XCTUnwrap(RoomStore(file: storeFile).load())
            let lost = acked.flatMap { id, results in
                results.values.filter { entry in
                    (saved.attendee(id)?.results.first { $0.key.split(separator: "@").first.map(String.init) == entry.id }?.value.seq ?? -1) < entry.seq
                }.map { "\(id) \($0.id)" }
            }
            XCTAssertEqual(lost, [], "acknowledged results lost when the server stopped dead (\(acked.map(\.1.count).reduce(0, +)) acknowledged)")
            Thread.sleep(forTimeInterval: 2)
            print("room restart: \(acked.map(\.1.count).reduce(0, +)) results acknowledged before the stop, \(lost.count) lost; "
                  + "\(run.attendees.withLock { $0.map(\.outbox.count).reduce(0, +) }) queued in outboxes at the restart")
            _ = try startRoom(port: port)
            run.down.withLock { $0 = false }
        }
        Thread.sleep(forTimeInterval: max(0, seconds - Date().timeIntervalSince(started)))
        run.stop.withLock { $0 = true }
        XCTAssertEqual(threads.wait(timeout: .now() + 10), .success, "every attendee and watcher stopped")
        XCTAssertEqual(slow.wait(timeout: .now() + 10), .success, "no garbage request hung")
        // The last grade's results, sent by each attendee's next grade (here: up to three more flushes).
        for index in 0..<garbageIndex {
            for _ in 0..<3 where !Self.flush(run, index) { Thread.sleep(forTimeInterval: 1.1) }
        }

        let attendees = run.attendees.withLock { Array($0.prefix(garbageIndex)) }
        let state = try XCTUnwrap(server.withLock { $0?.service.currentState })
        XCTAssertEqual(attendees.map(\.outbox.count).reduce(0, +), 0, "results that never arrived")
        let differing = attendees.filter { attendee in
            let shown = (state.attendee(attendee.id)?.results ?? [:]).map { "\($0.key.split(separator: "@")[0]) \($0.value.verdict.rawValue) \($0.value.missed)" }
            return shown.sorted() != attendee.acked.values.map { "\($0.id) \($0.verdict.rawValue) \($0.missed)" }.sorted()
        }
        XCTAssertEqual(differing.map(\.id), [], "the final grid differs from what was sent")
        let latencies = attendees.flatMap(\.latencies).sorted()
        let errors = attendees.flatMap(\.errors) + run.watcherErrors.value
        XCTAssertEqual(errors.count, 0, "legitimate requests failed: \(errors.prefix(3))")
        XCTAssertEqual(run.garbageUnexpected.value.count, 0, "garbage got an unexpected answer: \(run.garbageUnexpected.value.prefix(5))")
        XCTAssertEqual(Self.exchange(Self.get("/"), port: port, from: nil).answer, "200", "the server is alive")
        let p99 = latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int((0.99 * Double(latencies.count - 1)).rounded()))]
        XCTAssertLessThan(p99, 1, "p99 post latency")
        XCTAssertGreaterThan(latencies.count, 30 * Int(seconds / 2) / 2, "the attendees posted throughout")
        let p50 = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
        print("room load: \(latencies.count) posts (p50 \(Int(p50 * 1000)) ms, p99 \(Int(p99 * 1000)) ms), "
              + "\(run.watcherServed.value) page reads, \(run.garbageSent.value) garbage; refused while down: \(attendees.map(\.refusedWhileDown).reduce(0, +))")
        return run
    }

    func testThirtyAttendeesFiveWatchersAndAGarbageSenderFor30Seconds() throws {
        _ = try load(seconds: 30)
    }

    func testAServerStoppedDeadMidLoadLosesNothingItAcknowledged_andQueuedResultsArrive() throws {
        _ = try load(seconds: 15, stopAt: 5)
    }
}

/// A reproducible random sequence per attendee (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    var seed: UInt64
    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
