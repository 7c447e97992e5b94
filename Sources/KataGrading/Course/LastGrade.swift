import Foundation
import KataGradingCore
import KataVerdicts

/// The verdicts of the last grades of `Exercises/`, per track, so that `--list`, `--hint`,
/// `--watch` and the Next card know where the attendee is. Kept in the attendee's state folder.
///
/// Each track keeps its own latest verdict, so grading one track never overwrites the other's; an
/// exercise's verdict combines them (`ExerciseStanding`): done when any track is done, else the
/// track graded last.
public struct LastGrade: Codable, Sendable {
    public struct Track: Codable, Sendable, Equatable {
        public var verdict: VerdictKind
        /// Grows with every verdict recorded: which track was graded last.
        public var seq: Int
        /// The planted bugs this verdict's tests let pass, so that joining a room shows them at
        /// once (`RoomCommands.join`). Absent from an older grader's record.
        public var missed: [String]? = nil
        /// A timing change rejected this verdict (`Verdict.perturbationSeed`), so that joining a
        /// room counts it at once. Absent otherwise, and from an older grader's record.
        public var perturbed: Bool? = nil
        /// Why correct code failed this verdict's tests (`Verdict.cause`), so that joining a room
        /// explains it at once. Absent otherwise, and from an older grader's record.
        public var cause: String? = nil
    }

    /// By `TrackKey`, `id@framework`.
    public var tracks: [String: Track] = [:]
    var nextSeq = 1

    enum CodingKeys: String, CodingKey { case tracks, nextSeq, verdicts }

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // A track whose verdict this grader does not know (a newer grader's) is left out, not the
        // whole record with it.
        tracks = (try c.decodeIfPresent([String: Readable<Track>].self, forKey: .tracks) ?? [:]).compactMapValues(\.value)
        nextSeq = try c.decodeIfPresent(Int.self, forKey: .nextSeq) ?? 1
        // An older grader kept one verdict per exercise: each stands for an unnamed track.
        if tracks.isEmpty {
            for (id, verdict) in try c.decodeIfPresent([String: Readable<VerdictKind>].self, forKey: .verdicts) ?? [:] {
                if let verdict = verdict.value { tracks[id] = Track(verdict: verdict, seq: 0) }
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tracks, forKey: .tracks)
        try c.encode(nextSeq, forKey: .nextSeq)
        try c.encode(verdicts, forKey: .verdicts)
    }

    static func trackKey(_ exercise: Catalog.Exercise) -> String { exercise.trackKey.description }
    static func exerciseID(ofTrackKey key: String) -> String { TrackKey(key).id }

    /// The recorded tracks of exercise `id`, oldest first.
    public func tracks(of id: String) -> [(key: String, track: Track)] {
        tracks.filter { Self.exerciseID(ofTrackKey: $0.key) == id }.map { (key: $0.key, track: $0.value) }
            .sorted { $0.track.seq < $1.track.seq }
    }

    /// The verdict that stands for each exercise graded so far (`ExerciseStanding`).
    public var verdicts: [String: VerdictKind] {
        var result: [String: VerdictKind] = [:]
        for id in Set(tracks.keys.map(Self.exerciseID(ofTrackKey:))) {
            result[id] = ExerciseStanding.standing(tracks(of: id).map(\.track), verdict: \.verdict)?.verdict
        }
        return result
    }

    /// `--list`'s words for an exercise: its verdict, and a track that disagrees with it.
    public func summary(of exercise: Catalog.Exercise) -> String? {
        guard let verdict = verdicts[exercise.id] else { return nil }
        // A track not started reads the same whether it was graded or not: left out.
        let others = tracks(of: exercise.id).filter { $0.track.verdict != verdict && $0.track.verdict != .notStarted }
            .compactMap { entry -> String? in
            TrackKey(entry.key).catalogFramework.map { "\($0.title): \(entry.track.verdict.rawValue)" }
        }
        return ([verdict.rawValue] + others).joined(separator: " · ")
    }

    static func url(_ paths: KataPaths) -> URL { paths.attendeeState.appendingPathComponent("last-grade.json") }

    public static func load(_ paths: KataPaths) -> LastGrade {
        guard let data = try? Data(contentsOf: url(paths)),
              let grade = try? JSONDecoder().decode(LastGrade.self, from: data) else { return LastGrade() }
        return grade
    }

    /// Records each track's verdict in `results`, and returns the last grade as kept.
    @discardableResult
    public static func record(_ results: [ExerciseResult], _ paths: KataPaths) -> LastGrade {
        var grade = load(paths)
        // The standing track last, so that "graded last" agrees with this grade's own standing.
        for result in results.standingLast() {
            grade.tracks[trackKey(result.exercise)] = Track(verdict: result.verdict.kind, seq: grade.nextSeq,
                                                                   missed: result.verdict.missedChaffs.isEmpty ? nil : result.verdict.missedChaffs,
                                                                   perturbed: result.verdict.perturbationSeed != nil ? true : nil,
                                                                   cause: result.verdict.cause?.rawValue)
            grade.nextSeq += 1
        }
        // Verdicts an older grader kept under the bare id are replaced by the tracks' own.
        for id in Set(results.map(\.exercise.id)) { grade.tracks.removeValue(forKey: id) }
        grade.save(paths)
        return grade
    }

    /// After a reset, the verdicts of the tracks it reset no longer hold.
    public static func forget(_ exercise: Catalog.Exercise, _ paths: KataPaths) {
        var grade = load(paths)
        let keys = exercise.isOtherTrack ? [trackKey(exercise)] : exercise.tracks.map(trackKey) + [exercise.id]
        var changed = false
        for key in keys where grade.tracks.removeValue(forKey: key) != nil { changed = true }
        if changed { grade.save(paths) }
    }

    func save(_ paths: KataPaths) {
        try? FileManager.default.createDirectory(at: paths.attendeeState, withIntermediateDirectories: true)
        try? JSONEncoder().encode(self).write(to: Self.url(paths), options: .atomic)
    }

    /// The first exercise not known to be done (nor one this machine cannot run); with no history,
    /// the first one still a starter.
    public func current(in catalog: Catalog, starters: StarterStore) -> Catalog.Exercise? {
        let verdicts = self.verdicts
        if !verdicts.isEmpty {
            // Done, but every track back to the starter (restored by hand): not done any more. One
            // this machine cannot run (`needs`) is no one's current exercise.
            return catalog.exercises.first {
                verdicts[$0.id] != .needs && (verdicts[$0.id] != .done || $0.tracks.allSatisfy(starters.isUntouched))
            }
        }
        return catalog.exercises.first { starters.isUntouched($0) } ?? catalog.exercises.first
    }
}

/// A value decoded where it can be, nil where it cannot: one unreadable entry of a kept record
/// costs that entry, not the record.
struct Readable<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}
