import Foundation
import KataVerdicts

/// A checkout's seat in a room: where the room is, who this checkout is in it, and the results
/// still to be sent. Both live in the attendee's state folder (outside `.build/`), so a join
/// survives across grades and repairs; `--leave` (which also takes the row off the room's page)
/// ends it.
public struct RoomMembership: Codable, Sendable, Equatable {
    /// The room's base URL, e.g. `http://192.168.1.20:8787`.
    public var room: URL
    public var code: String
    public var name: String
    public var attendee: String
    public var token: String
    /// The next result's sequence number: the room keeps the highest it has seen per exercise.
    public var nextSeq: Int = 1

    /// Splits the join URL the server prints, `http://HOST:PORT/?room=CODE`, into base and code.
    public static func parseJoinURL(_ text: String) throws -> (room: URL, code: String) {
        guard let components = URLComponents(string: text), components.scheme == "http", let host = components.host, !host.isEmpty else {
            throw RoomError.invalid("\(text) is not the room's http:// URL; copy the join line the instructor shows")
        }
        guard let code = components.queryItems?.first(where: { $0.name == "room" })?.value?.uppercased(), !code.isEmpty else {
            throw RoomError.invalid("\(text) has no ?room=CODE; copy the whole join line the instructor shows")
        }
        var base = URLComponents()
        base.scheme = "http"
        base.host = host
        base.port = components.port
        return (base.url!, code)
    }
}

/// What one grade hands to the room: an exercise's verdict on one track and the planted bugs it
/// missed.
public struct GradedExercise: Sendable, Equatable {
    public var id: String
    public var verdict: VerdictKind
    public var missed: [String]
    /// `xctest` or `swift-testing`: an exercise done in both frameworks has a result for each.
    public var framework: String?

    /// A timing change the code's contract allows (a generated perturbation, `Verdict.perturbationSeed`)
    /// made this verdict rejects correct code or flaky: the room counts these per exercise.
    public var perturbed: Bool
    /// Why correct code failed the tests (`Verdict.cause`), for the room's Explain next; nil for
    /// every verdict but a rejection, and from a results file an older grader wrote.
    public var cause: String?

    public init(id: String, verdict: VerdictKind, missed: [String], framework: String? = nil, perturbed: Bool = false, cause: String? = nil) {
        self.id = id
        self.verdict = verdict
        self.missed = missed
        self.framework = framework
        self.perturbed = perturbed
        self.cause = cause
    }
}

/// Joining, leaving, and sending through an outbox: results are written to disk first, then
/// posted; whatever the room has not acknowledged stays for the next grade.
public struct RoomLink: Sendable {
    public var membershipFile: URL
    public var outboxFile: URL

    public init(stateDirectory: URL) {
        membershipFile = stateDirectory.appendingPathComponent("room-join.json")
        outboxFile = stateDirectory.appendingPathComponent("room-outbox.json")
    }

    public var membership: RoomMembership? {
        FileManager.default.contents(atPath: membershipFile.path).flatMap { try? JSONDecoder().decode(RoomMembership.self, from: $0) }
    }

    public var outbox: [ResultsPost.Entry] {
        let entries = FileManager.default.contents(atPath: outboxFile.path).flatMap { try? JSONDecoder().decode([ResultsPost.Entry].self, from: $0) }
        return entries ?? []
    }

    /// Registers with the room and remembers it. Throws a one-line reason when the room refuses
    /// or cannot be reached; nothing is remembered then.
    public func join(url text: String, name rawName: String, timeout: TimeInterval = 5) throws -> RoomMembership {
        let (room, code) = try RoomMembership.parseJoinURL(text)
        let name = try RoomValidation.checkName(rawName)
        // The same checkout joining the same room again keeps its row.
        let previous = membership.flatMap { $0.room == room && $0.code == code ? $0 : nil }
        var joined = RoomMembership(room: room, code: code, name: name,
                                    attendee: previous?.attendee ?? RoomCode.newAttendeeID(),
                                    token: previous?.token ?? RoomCode.newToken(), nextSeq: previous?.nextSeq ?? 1)
        try register(joined, timeout: timeout)
        if previous == nil { try? FileManager.default.removeItem(at: outboxFile) }
        joined.name = name
        try save(joined)
        return joined
    }

    /// Joins the room this checkout joined again, as the same row (its id, token and name): the
    /// room answered that it does not know this checkout, which happens when the instructor
    /// reopened it by its code without its saved state (`--room-serve --code`).
    public func rejoin(timeout: TimeInterval) throws {
        guard let joined = membership else { throw JoinFailure(description: "this checkout has not joined a room") }
        try register(joined, timeout: timeout)
    }

    private func register(_ joined: RoomMembership, timeout: TimeInterval) throws {
        let body = try JSONEncoder().encode(JoinRequest(code: joined.code, attendee: joined.attendee, token: joined.token, name: joined.name))
        switch RoomPoster.post(body, to: joined.room.appendingPathComponent("api/join"), timeout: timeout) {
        case .failure(let failure):
            throw JoinFailure(description: "\(failure); check the URL, and that this laptop is on the room's network.")
        case .success(let answer) where answer.status != 200:
            // The room's own line says why and what to do; it is not this checkout's request that was malformed.
            throw JoinFailure(description: "the room refused: \(Self.message(answer))")
        case .success:
            break
        }
    }

    /// Why a join did not happen, as the one line the grader prints.
    public struct JoinFailure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    public enum Departure: Equatable {
        case notJoined
        /// The room took the row off its page.
        case left(code: String)
        /// Forgotten here, but the room did not confirm (it is down, or refused, with `why`): the
        /// row stays on its page until the instructor removes it.
        case leftHereOnly(code: String, why: String)
    }

    /// Asks the room to remove this checkout's row, then forgets the room and anything not yet
    /// sent, whatever the room answered: leaving never fails.
    @discardableResult
    public func leave(timeout: TimeInterval = 3) -> Departure {
        guard let joined = membership else {
            try? FileManager.default.removeItem(at: outboxFile)
            return .notJoined
        }
        defer { forget() }
        let request = LeaveRequest(code: joined.code, attendee: joined.attendee, token: joined.token)
        guard let body = try? JSONEncoder().encode(request) else { return .leftHereOnly(code: joined.code, why: "cannot encode") }
        switch RoomPoster.post(body, to: joined.room.appendingPathComponent("api/leave"), timeout: timeout) {
        case .failure(let failure): return .leftHereOnly(code: joined.code, why: failure.description)
        case .success(let answer) where answer.status == 200: return .left(code: joined.code)
        case .success(let answer): return .leftHereOnly(code: joined.code, why: Self.message(answer))
        }
    }

    private func forget() {
        try? FileManager.default.removeItem(at: membershipFile)
        try? FileManager.default.removeItem(at: outboxFile)
    }

    public enum Outcome: Equatable {
        case notJoined
        case sent(Int)
        /// Not sent this time; kept for the next grade.
        case kept(Int, String)
        /// The room will never take these (it says so): dropped, with its reason.
        case refused(String)
        /// The instructor removed this checkout's row: the join is forgotten, so that later grades
        /// say nothing more about the room.
        case removed(String)
        /// The room does not know this checkout (it was reopened by its code without its saved
        /// rows): kept, for the caller to `rejoin` and send again.
        case unknownToRoom(Int, String)
    }

    /// Adds `graded` to the outbox and posts the whole outbox within `timeout`. Does nothing, and
    /// writes nothing, when the checkout has not joined a room.
    @discardableResult
    /// `doctor`: the machine's pre-workshop check, sent with them (not kept in the outbox).
    public func send(_ graded: [GradedExercise], doctor: DoctorBadge? = nil, timeout: TimeInterval) -> Outcome {
        guard var joined = membership else { return .notJoined }
        var pending = Dictionary(outbox.map { ($0.trackKey, $0) }, uniquingKeysWith: { $0.seq > $1.seq ? $0 : $1 })
        for result in graded {
            let entry = ResultsPost.Entry(id: result.id, verdict: result.verdict, missed: result.missed, seq: joined.nextSeq, framework: result.framework,
                                          perturbed: result.perturbed, cause: result.cause)
            pending[entry.trackKey] = entry
            joined.nextSeq += 1
        }
        let entries = pending.values.sorted { $0.seq < $1.seq }
        // On disk before the network, so that a grade killed mid-send loses nothing.
        try? save(joined)
        try? saveOutbox(entries)
        guard !entries.isEmpty || doctor != nil else { return .sent(0) }

        let post = ResultsPost(code: joined.code, attendee: joined.attendee, token: joined.token, results: entries, doctor: doctor)
        guard let body = try? JSONEncoder().encode(post) else { return .kept(entries.count, "cannot encode") }
        switch RoomPoster.post(body, to: joined.room.appendingPathComponent("api/results"), timeout: timeout) {
        case .failure(let failure):
            return .kept(entries.count, failure.description)
        case .success(let answer) where answer.status == 200:
            try? FileManager.default.removeItem(at: outboxFile)
            return .sent(entries.count)
        case .success(let answer) where answer.status == 429 || answer.status == 408 || answer.status >= 500:
            return .kept(entries.count, Self.message(answer))
        case .success(let answer) where answer.status == 410:
            forget()
            return .removed(Self.message(answer))
        case .success(let answer) where answer.status == 404:
            return .unknownToRoom(entries.count, Self.message(answer))
        case .success(let answer):
            try? FileManager.default.removeItem(at: outboxFile)
            return .refused(Self.message(answer))
        }
    }

    static func message(_ answer: RoomPoster.Answer) -> String {
        let decoded = try? JSONDecoder().decode([String: String].self, from: answer.body)
        return decoded?["error"] ?? "HTTP \(answer.status)"
    }

    func save(_ membership: RoomMembership) throws {
        try FileManager.default.createDirectory(at: membershipFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(membership).write(to: membershipFile, options: .atomic)
    }

    func saveOutbox(_ entries: [ResultsPost.Entry]) throws {
        try JSONEncoder().encode(entries).write(to: outboxFile, options: .atomic)
    }
}
