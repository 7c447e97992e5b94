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
    /// The secret that lets its holder remove and rename rows (`--room-serve` prints it). Never
    /// served. Nil only in a state saved before rooms had one: `RoomStore.loadOrCreate` adds it.
    public var instructorKey: String?
    /// Rows the instructor removed, oldest first and at most `maxRemembered`: their checkouts'
    /// next results are told so, once, instead of "unknown attendee" at every grade.
    public var removed: [String]?

    public struct Attendee: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        /// The secret that lets only this attendee's checkout update this row. Never served.
        public var token: String
        public var joinedAt: Date
        public var lastSeen: Date
        /// The latest result per track, keyed by `TrackKey`: `id@framework`, or the bare
        /// id from a grader that does not name its track.
        public var results: [String: Result] = [:]
        /// The exercise the attendee is working on: of those graded past their starter and not done
        /// (nor `needs`: an exercise the attendee's machine cannot run is no one's current exercise),
        /// the one whose result changed or was graded alone last. Never an exercise still at its
        /// starter: a fresh clone's grade says "not started" for every exercise, and an attendee
        /// who went straight to #30 is not working on #1.
        public var current: String?
        /// Since when `current` has been the current exercise.
        public var currentSince: Date?
        /// The address it joined from, which the per-machine limit counts. Never served.
        public var address: String?
        /// Its machine's last pre-workshop check (`grade.sh --doctor`).
        public var doctor: DoctorBadge?
    }

    public struct Result: Codable, Sendable, Equatable {
        public var verdict: VerdictKind
        public var missed: [String]
        /// The checkout's own counter: a result delivered late from an outbox never overwrites a
        /// newer one.
        public var seq: Int
        public var receivedAt: Date
        /// True when a timing change the code's contract allows (a generated perturbation) made
        /// this verdict rejects correct code or flaky; nil otherwise, and in a state saved before.
        public var perturbed: Bool? = nil
        /// When this track's result last changed (another verdict or other missed bugs) or was
        /// graded alone: what says which exercise the attendee is working on, since every grade
        /// of the whole course sends every exercise again. Nil in a state saved before.
        public var touchedAt: Date? = nil
        /// Why correct code failed the tests (`ResultsPost.Entry.cause`), kept for a rejection of
        /// correct code or a flaky verdict only; nil otherwise, from an older grader, and in a
        /// state saved before.
        public var cause: String? = nil

        /// Rejected by a timing change: what the room counts per exercise (`perturbedCount`).
        public var isPerturbed: Bool { perturbed == true }

        /// The cause Explain next counts this result under (`RoomState.causes`): its own, or a
        /// timing change's unnamed one when an older grader said only that a timing change
        /// rejected it; nil for a result that is no rejection, or one whose cause nobody named.
        public var countedCause: String? {
            guard RoomState.perturbable.contains(verdict) else { return nil }
            return cause ?? (isPerturbed ? RoomLessons.unnamedTiming : nil)
        }
    }

    public static let maxAttendees = 300
    /// How many removed rows the room remembers.
    public static let maxRemembered = 1000

    public init(code: String, instructorKey: String? = nil) {
        self.code = code
        self.instructorKey = instructorKey
    }

    public func attendee(_ id: String) -> Attendee? { attendees.first { $0.id == id } }

    // MARK: - Changes

    /// Registers the attendee, or renames them when the same checkout joins again. A new row is
    /// refused when `address` already holds `rowsPerAddress` rows: one laptop cannot fill the page.
    public mutating func join(_ request: JoinRequest, from address: String? = nil, rowsPerAddress: Int? = nil, now: Date) throws -> Attendee {
        guard request.code == code else { throw RoomError.wrongCode }
        if let index = attendees.firstIndex(where: { $0.id == request.attendee }) {
            guard attendees[index].token == request.token else { throw RoomError.notYourRow }
            attendees[index].name = request.name
            attendees[index].lastSeen = now
            if let address { attendees[index].address = address }
            revision += 1
            return attendees[index]
        }
        // A bound on the state (and the page), whatever a flood of joins tries.
        guard attendees.count < Self.maxAttendees else { throw RoomError.invalid("the room is full (\(Self.maxAttendees) attendees)") }
        if let address, let limit = rowsPerAddress {
            let same = attendees.filter { $0.address == address }
            guard same.count < limit else { throw RoomError.tooManyRows(address: address, limit: limit, names: same.map(\.name)) }
        }
        let attendee = Attendee(id: request.attendee, name: request.name, token: request.token,
                                joinedAt: now, lastSeen: now, address: address)
        attendees.append(attendee)
        // Joining again on purpose brings a removed checkout back.
        removed?.removeAll { $0 == request.attendee }
        revision += 1
        return attendee
    }

    /// Takes a checkout's own row off the page. False when the room had no such row (already
    /// removed, or never joined): leaving is done either way.
    @discardableResult
    public mutating func leave(_ request: LeaveRequest) throws -> Bool {
        guard request.code == code else { throw RoomError.wrongCode }
        guard let index = attendees.firstIndex(where: { $0.id == request.attendee }) else { return false }
        guard attendees[index].token == request.token else { throw RoomError.notYourRow }
        attendees.remove(at: index)
        revision += 1
        return true
    }

    /// The instructor removes a row. Its checkout's next results are refused with `removedByInstructor`.
    @discardableResult
    public mutating func remove(_ id: String) throws -> Attendee {
        guard let index = attendees.firstIndex(where: { $0.id == id }) else { throw RoomError.noSuchRow }
        let row = attendees.remove(at: index)
        removed = Array(((removed ?? []).filter { $0 != id } + [id]).suffix(Self.maxRemembered))
        revision += 1
        return row
    }

    /// The instructor renames a row. `name` has passed `RoomValidation.checkName`.
    @discardableResult
    public mutating func rename(_ id: String, to name: String) throws -> Attendee {
        guard let index = attendees.firstIndex(where: { $0.id == id }) else { throw RoomError.noSuchRow }
        attendees[index].name = name
        revision += 1
        return attendees[index]
    }

    /// Merges one checkout's results into its own row. Returns how many were newer than what the
    /// room had. Throws, changing nothing, when any part of the post is not acceptable.
    @discardableResult
    public mutating func post(_ post: ResultsPost, catalog: RoomCatalog, now: Date) throws -> Int {
        guard post.code == code else { throw RoomError.wrongCode }
        guard let index = attendees.firstIndex(where: { $0.id == post.attendee }) else {
            throw removed?.contains(post.attendee) == true ? RoomError.removedByInstructor : RoomError.unknownAttendee
        }
        guard attendees[index].token == post.token else { throw RoomError.notYourRow }
        if let doctor = post.doctor, doctor.summary.count > DoctorBadge.longestSummary {
            throw RoomError.invalid("the doctor's summary is longer than \(DoctorBadge.longestSummary) characters")
        }
        for result in post.results {
            guard let exercise = catalog.exercise(result.id) else { throw RoomError.invalid("unknown exercise id '\(result.id)'") }
            if let bug = result.missed.first(where: { exercise.bugHints[$0] == nil }) {
                throw RoomError.invalid("exercise '\(result.id)' has no planted bug '\(bug)'")
            }
            if let framework = result.framework, !exercise.frameworks.isEmpty, !exercise.frameworks.contains(framework) {
                throw RoomError.invalid("exercise '\(result.id)' has no \(framework) track")
            }
        }
        var attendee = attendees[index]
        var accepted = 0
        // A grade of one exercise (either track or both) is work on it, even when its verdict
        // stays the same; a grade of the whole course touches only what changed.
        let gradedAlone = Set(post.results.map(\.id)).count == 1
        for result in post.results where (attendee.results[result.trackKey]?.seq ?? Int.min) < result.seq {
            let before = attendee.results[result.trackKey]
            let rejection = Self.perturbable.contains(result.verdict)
            let cause = rejection ? result.cause : nil
            let changed = before == nil || before?.verdict != result.verdict || before?.missed != result.missed || before?.cause != cause
            attendee.results[result.trackKey] = Result(verdict: result.verdict, missed: result.missed,
                                                       seq: result.seq, receivedAt: now,
                                                       perturbed: result.perturbed == true && rejection ? true : nil,
                                                       touchedAt: changed || gradedAlone ? now : (before?.touchedAt ?? before?.receivedAt),
                                                       cause: cause)
            accepted += 1
        }
        attendee.lastSeen = now
        if let doctor = post.doctor { attendee.doctor = doctor }
        let current = Self.current(of: attendee, catalog: catalog)
        if current != attendee.current || attendee.currentSince == nil {
            attendee.current = current
            attendee.currentSince = current == nil ? nil : now
        }
        attendees[index] = attendee
        revision += 1
        return accepted
    }

    /// The exercise `attendee` is working on (`Attendee.current`): among the exercises graded past
    /// their starter and not done, the one touched last (`Result.touchedAt`), the one graded last
    /// when several were touched at once. Nil when every exercise reached is done.
    static func current(of attendee: Attendee, catalog: RoomCatalog) -> String? {
        let grouped = attendee.tracksByExercise()
        var best: (id: String, touched: Date, seq: Int)?
        for exercise in catalog.exercises {
            let tracks = grouped[exercise.id] ?? []
            guard let headline = headline(of: tracks), headline.verdict != .done, headline.verdict.counts else { continue }
            // Reached: some track past its starter (and runnable here).
            let reached = tracks.map(\.result).filter { $0.verdict != .notStarted && $0.verdict.counts }
            guard let touched = reached.map({ $0.touchedAt ?? $0.receivedAt }).max(), let seq = reached.map(\.seq).max() else { continue }
            if best.map({ (touched, seq) > ($0.touched, $0.seq) }) ?? true { best = (exercise.id, touched, seq) }
        }
        return best?.id
    }

    // MARK: - What the page shows

    /// Attendees on the same unfinished exercise for longer than `threshold` seconds.
    public func stuck(after threshold: TimeInterval, now: Date) -> [Attendee] {
        attendees.filter { attendee in
            guard attendee.current != nil, let since = attendee.currentSince else { return false }
            return now.timeIntervalSince(since) > threshold
        }
    }

    /// How many attendees have the exercise done (on any track).
    public func doneCount(_ exerciseID: String) -> Int {
        Self.doneCount(exerciseID, in: attendees.map { $0.tracksByExercise() })
    }

    /// The planted bugs of one exercise that the most attendees' latest suites miss, most first.
    /// An attendee counts once per bug, whichever of their tracks misses it.
    public func mostMissed(_ exerciseID: String) -> [(bug: String, count: Int)] {
        Self.mostMissed(exerciseID, in: attendees.map { $0.tracksByExercise() })
    }

    /// How many attendees' latest suites of an exercise a timing change rejected (a generated
    /// perturbation): an attendee counts once, whichever of their tracks it rejected.
    public func perturbedCount(_ exerciseID: String) -> Int {
        Self.perturbedCount(exerciseID, in: attendees.map { $0.tracksByExercise() })
    }

    /// The verdicts a generated perturbation can make; the flag on any other is dropped.
    static let perturbable: Set<VerdictKind> = [.rejectsCorrectCode, .flaky]

    /// An exercise's result on one track.
    public typealias TrackResult = (framework: String?, result: Result)

    /// The same, from every attendee's tracks grouped once (`Attendee.tracksByExercise`): the
    /// snapshot asks for every exercise, and grouping per question would redo the work 29 times.
    static func doneCount(_ exerciseID: String, in grouped: [[String: [TrackResult]]]) -> Int {
        grouped.filter { headline(of: $0[exerciseID] ?? [])?.verdict == .done }.count
    }

    /// How many attendees have a track of the exercise graded past its starter: a verdict that is
    /// neither not started nor `needs` (a machine that cannot run it has not reached it either).
    static func reachedCount(_ exerciseID: String, in grouped: [[String: [TrackResult]]]) -> Int {
        grouped.filter { ($0[exerciseID] ?? []).contains { $0.result.verdict != .notStarted && $0.result.verdict.counts } }.count
    }

    static func perturbedCount(_ exerciseID: String, in grouped: [[String: [TrackResult]]]) -> Int {
        grouped.filter { ($0[exerciseID] ?? []).contains { $0.result.isPerturbed } }.count
    }

    /// Why correct code failed the latest suites of an exercise, most common first: per cause
    /// (`Result.countedCause`), how many attendees have a track of it rejected for that cause,
    /// each attendee once per cause. A tie goes to the cause first in `RoomLessons.order`.
    public func causes(_ exerciseID: String) -> [(cause: String, count: Int)] {
        Self.causes(exerciseID, in: attendees.map { $0.tracksByExercise() })
    }

    static func causes(_ exerciseID: String, in grouped: [[String: [TrackResult]]]) -> [(cause: String, count: Int)] {
        var counts: [String: Int] = [:]
        for tracks in grouped {
            for cause in Set((tracks[exerciseID] ?? []).compactMap(\.result.countedCause)) { counts[cause, default: 0] += 1 }
        }
        let rank = { (cause: String) in RoomLessons.order.firstIndex(of: cause) ?? RoomLessons.order.count }
        return counts.map { (cause: $0.key, count: $0.value) }
            .sorted { ($1.count, rank($0.cause), $0.cause) < ($0.count, rank($1.cause), $1.cause) }
    }

    /// How many attendees have a track of the exercise rejected for a named cause, or by a timing
    /// change (`Result.countedCause`): the desks Explain next's rejection line speaks of.
    static func rejectedCount(_ exerciseID: String, in grouped: [[String: [TrackResult]]]) -> Int {
        grouped.filter { ($0[exerciseID] ?? []).contains { $0.result.countedCause != nil } }.count
    }

    static func mostMissed(_ exerciseID: String, in grouped: [[String: [TrackResult]]]) -> [(bug: String, count: Int)] {
        var counts: [String: Int] = [:]
        for tracks in grouped {
            for bug in Set((tracks[exerciseID] ?? []).flatMap(\.result.missed)) { counts[bug, default: 0] += 1 }
        }
        return counts.map { (bug: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.bug < $1.bug }
    }

    /// The result that stands for an exercise (`ExerciseStanding`, the grader's rule too): a done
    /// track if there is one (done in either framework is done), else the one received last.
    static func headline(of tracks: [TrackResult]) -> Result? {
        let oldestFirst = tracks.map(\.result).sorted { ($0.receivedAt, $0.seq) < ($1.receivedAt, $1.seq) }
        return ExerciseStanding.standing(oldestFirst, verdict: \.verdict)
    }
}

extension RoomState.Attendee {
    /// Every exercise's latest result on each track this attendee reported, in one pass.
    public func tracksByExercise() -> [String: [RoomState.TrackResult]] {
        var grouped: [String: [RoomState.TrackResult]] = [:]
        for (key, result) in results {
            let track = TrackKey(key)
            grouped[track.id, default: []].append((track.framework, result))
        }
        return grouped.mapValues { $0.sorted { ($0.framework ?? "") < ($1.framework ?? "") } }
    }

    /// The exercise's latest result on each track this attendee reported, by framework name.
    public func tracks(_ exerciseID: String) -> [RoomState.TrackResult] {
        tracksByExercise()[exerciseID] ?? []
    }

    /// The result that stands for the exercise (`RoomState.headline(of:)`).
    public func headline(_ exerciseID: String) -> RoomState.Result? {
        RoomState.headline(of: tracks(exerciseID))
    }
}

/// Why a request was refused, with the HTTP status that says so and one line for the sender.
public enum RoomError: Error, Equatable, CustomStringConvertible {
    case wrongCode
    case unknownAttendee
    case notYourRow
    case invalid(String)
    /// A new row from a machine that holds `limit` already.
    case tooManyRows(address: String, limit: Int, names: [String])
    /// A result from a row the instructor removed.
    case removedByInstructor
    /// An instructor action without the instructor key.
    case notInstructor
    /// An instructor action on a row that is not there (any more).
    case noSuchRow

    public var status: Int {
        switch self {
        case .wrongCode, .notYourRow, .notInstructor: 403
        case .unknownAttendee, .noSuchRow: 404
        case .removedByInstructor: 410
        case .invalid: 422
        case .tooManyRows: 429
        }
    }

    public var description: String {
        switch self {
        case .wrongCode: "wrong room code: copy the join line the instructor shows."
        case .unknownAttendee: "this room does not know you: run grade.sh --join again."
        case .notYourRow: "that attendee belongs to another checkout."
        case .invalid(let why): "invalid request: \(why)."
        case .tooManyRows(let address, let limit, let names):
            "this machine (\(address)) already has \(limit) row\(limit == 1 ? "" : "s") in the room (\(names.joined(separator: ", "))): "
                + "run Scripts/grade.sh --leave in a checkout you no longer use, or ask the instructor to remove a row."
        case .removedByInstructor: "the instructor removed this checkout's row from the room; Scripts/grade.sh --join brings it back."
        case .notInstructor: "this needs the instructor key that --room-serve printed."
        case .noSuchRow: "no such row: it was removed, or left the room."
        }
    }
}
