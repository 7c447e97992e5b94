import Foundation
import KataVerdicts

/// Everything the room has been told: who joined, and each attendee's latest verdict per exercise.
///
/// A value type with no clock and no I/O, so that merging, stuck detection and the most-missed
/// counts are tested with plain values. `RoomServer` owns one behind a lock; `RoomStore` saves it.
public struct RoomState: Codable, Sendable, Equatable {
    public var code: String
    /// Grows with every accepted change, so that a watcher can tell a new state from an old one.
    public var revision: Int = 0
    /// In the order they joined.
    public var attendees: [Attendee] = []

    public struct Attendee: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        /// The secret that lets only this attendee's checkout update this row. Never served.
        public var token: String
        public var joinedAt: Date
        public var lastSeen: Date
        public var results: [String: Result] = [:]
        /// The first exercise in course order whose latest verdict is not done.
        public var current: String?
        /// Since when `current` has been the current exercise.
        public var currentSince: Date?
    }

    public struct Result: Codable, Sendable, Equatable {
        public var verdict: VerdictKind
        public var missed: [String]
        /// The checkout's own counter: a result delivered late from an outbox never overwrites a
        /// newer one.
        public var seq: Int
        public var receivedAt: Date
    }

    public static let maxAttendees = 300

    public init(code: String) { self.code = code }

    public func attendee(_ id: String) -> Attendee? { attendees.first { $0.id == id } }

    // MARK: - Changes

    /// Registers the attendee, or renames them when the same checkout joins again.
    public mutating func join(_ request: JoinRequest, now: Date) throws -> Attendee {
        guard request.code == code else { throw RoomError.wrongCode }
        if let index = attendees.firstIndex(where: { $0.id == request.attendee }) {
            guard attendees[index].token == request.token else { throw RoomError.notYourRow }
            attendees[index].name = request.name
            attendees[index].lastSeen = now
            revision += 1
            return attendees[index]
        }
        // A bound on the state (and the page), whatever a flood of joins tries.
        guard attendees.count < Self.maxAttendees else { throw RoomError.invalid("the room is full (\(Self.maxAttendees) attendees)") }
        let attendee = Attendee(id: request.attendee, name: request.name, token: request.token,
                                joinedAt: now, lastSeen: now)
        attendees.append(attendee)
        revision += 1
        return attendee
    }

    /// Merges one checkout's results into its own row. Returns how many were newer than what the
    /// room had. Throws, changing nothing, when any part of the post is not acceptable.
    @discardableResult
    public mutating func post(_ post: ResultsPost, catalog: RoomCatalog, now: Date) throws -> Int {
        guard post.code == code else { throw RoomError.wrongCode }
        guard let index = attendees.firstIndex(where: { $0.id == post.attendee }) else { throw RoomError.unknownAttendee }
        guard attendees[index].token == post.token else { throw RoomError.notYourRow }
        for result in post.results {
            guard let exercise = catalog.exercise(result.id) else { throw RoomError.invalid("unknown exercise id '\(result.id)'") }
            if let bug = result.missed.first(where: { exercise.bugHints[$0] == nil }) {
                throw RoomError.invalid("exercise '\(result.id)' has no planted bug '\(bug)'")
            }
        }
        var attendee = attendees[index]
        var accepted = 0
        for result in post.results where (attendee.results[result.id]?.seq ?? Int.min) < result.seq {
            attendee.results[result.id] = Result(verdict: result.verdict, missed: result.missed,
                                                 seq: result.seq, receivedAt: now)
            accepted += 1
        }
        attendee.lastSeen = now
        let current = catalog.exercises.first { exercise in
            attendee.results[exercise.id].map { $0.verdict != .done } ?? false
        }?.id
        if current != attendee.current || attendee.currentSince == nil {
            attendee.current = current
            attendee.currentSince = current == nil ? nil : now
        }
        attendees[index] = attendee
        revision += 1
        return accepted
    }

    // MARK: - What the page shows

    /// Attendees on the same unfinished exercise for longer than `threshold` seconds.
    public func stuck(after threshold: TimeInterval, now: Date) -> [Attendee] {
        attendees.filter { attendee in
            guard attendee.current != nil, let since = attendee.currentSince else { return false }
            return now.timeIntervalSince(since) > threshold
        }
    }

    /// How many attendees' latest verdict on the exercise is done.
    public func doneCount(_ exerciseID: String) -> Int {
        attendees.filter { $0.results[exerciseID]?.verdict == .done }.count
    }

    /// The planted bugs of one exercise that the most attendees' latest suites miss, most first.
    public func mostMissed(_ exerciseID: String) -> [(bug: String, count: Int)] {
        var counts: [String: Int] = [:]
        for attendee in attendees {
            for bug in Set(attendee.results[exerciseID]?.missed ?? []) { counts[bug, default: 0] += 1 }
        }
        return counts.map { (bug: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.bug < $1.bug }
    }
}

/// Why a request was refused, with the HTTP status that says so and one line for the sender.
public enum RoomError: Error, Equatable, CustomStringConvertible {
    case wrongCode
    case unknownAttendee
    case notYourRow
    case invalid(String)

    public var status: Int {
        switch self {
        case .wrongCode, .notYourRow: 403
        case .unknownAttendee: 404
        case .invalid: 422
        }
    }

    public var description: String {
        switch self {
        case .wrongCode: "wrong room code: copy the join line the instructor shows."
        case .unknownAttendee: "this room does not know you: run grade.sh --join again."
        case .notYourRow: "that attendee belongs to another checkout."
        case .invalid(let why): "invalid request: \(why)."
        }
    }
}
