import Foundation
import KataVerdicts

/// The document `GET /api/room` serves, and what the page draws. docs/room-api.md documents every
/// field; bump `version` when a field changes meaning. Tokens never appear here.
public struct RoomSnapshot: Codable, Sendable, Equatable {
    /// 2: a result stands for the exercise's tracks (`tracks`); `patterns`, `label`,
    /// `frameworks` and an attendee's `done` were added.
    public static let currentVersion = 2

    public var version: Int
    public var code: String
    public var revision: Int
    public var generatedAt: String
    public var stuckAfterMinutes: Double
    /// The line attendees type to join, as the server printed it.
    public var joinCommand: String = ""
    /// In course order, each with how many exercises it has (they follow each other in `exercises`).
    public var patterns: [Pattern]
    public var exercises: [Exercise]
    public var attendees: [Attendee]

    public struct Pattern: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var exercises: Int
    }

    public struct Exercise: Codable, Sendable, Equatable {
        public var id: String
        public var number: Int
        public var title: String
        /// A few words for a narrow column head: the id without its pattern.
        public var label: String
        public var pattern: String
        public var frameworks: [String]
        public var done: Int
        /// How many attendees have reached it: a track graded past the starter (any verdict but
        /// not started, or needs). The page's "Per exercise reached" lists only these.
        public var reached: Int
        public var mostMissed: [Missed]
        /// How many attendees' latest suites a timing change the code's contract allows (a
        /// generated perturbation) rejected: rejects correct code or flaky, on any of their tracks.
        public var perturbed: Int
        /// How many attendees' latest suites correct code rejected for a named cause, or a timing
        /// change did (`causes`), each attendee once.
        public var rejected: Int
        /// Why, most common first: each cause with how many attendees it rejected and the lesson
        /// Explain next gives the room (`RoomLessons`). Empty when none was rejected.
        public var causes: [Cause]
    }

    /// One cause of the rejections of an exercise, with the words Explain next says.
    public struct Cause: Codable, Sendable, Equatable {
        /// The grader's name of the cause (`deadline`, `assumed-time`, …), or `timing` for a
        /// suite a timing change rejected whose grader did not name the cause.
        public var cause: String
        public var count: Int
        public var title: String
        public var lesson: String
        /// A cause of timing: the page shows it with the clock sign.
        public var timing: Bool
    }

    public struct Missed: Codable, Sendable, Equatable {
        public var bug: String
        public var hint: String
        public var count: Int
    }

    public struct Attendee: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var joinedAt: String
        public var lastSeen: String
        public var current: String?
        public var currentSince: String?
        public var stuck: Bool
        /// How many exercises are done, on any track.
        public var done: Int
        public var results: [String: Result]
        /// The machine's last pre-workshop check, shown as a badge by the name; absent before one.
        public var doctor: DoctorBadge?
    }

    /// The result that stands for an exercise (a done track if any, else the latest), and every
    /// track's own.
    public struct Result: Codable, Sendable, Equatable {
        public var verdict: VerdictKind
        public var symbol: String
        public var missed: [String]
        public var at: String
        public var framework: String?
        public var tracks: [Track]
        /// True when a timing change rejected the result that stands (`RoomState.Result.perturbed`);
        /// absent otherwise.
        public var perturbed: Bool?
        /// Why correct code failed the result that stands (`RoomState.Result.cause`); absent otherwise.
        public var cause: String?
    }

    public struct Track: Codable, Sendable, Equatable {
        public var framework: String?
        public var verdict: VerdictKind
        public var symbol: String
        public var missed: [String]
        public var at: String
        /// True when a timing change rejected this track's result; absent otherwise.
        public var perturbed: Bool?
        /// Why correct code failed this track's result; absent otherwise.
        public var cause: String?
    }

    public init(state: RoomState, catalog: RoomCatalog, stuckAfterMinutes: Double, now: Date) {
        let iso = ISO8601DateFormatter()
        let stuck = Set(state.stuck(after: stuckAfterMinutes * 60, now: now).map(\.id))
        version = Self.currentVersion
        code = state.code
        revision = state.revision
        generatedAt = iso.string(from: now)
        self.stuckAfterMinutes = stuckAfterMinutes
        patterns = catalog.patternsInCourseOrder.map { pattern in
            Pattern(id: pattern.id, title: pattern.title, exercises: catalog.exercises.filter { $0.pattern == pattern.id }.count)
        }
        let grouped = state.attendees.map { $0.tracksByExercise() }
        exercises = catalog.exercises.enumerated().map { index, exercise in
            Exercise(id: exercise.id, number: index + 1, title: exercise.title, label: exercise.label, pattern: exercise.pattern,
                     frameworks: exercise.frameworks, done: RoomState.doneCount(exercise.id, in: grouped),
                     reached: RoomState.reachedCount(exercise.id, in: grouped),
                     mostMissed: RoomState.mostMissed(exercise.id, in: grouped).map {
                         Missed(bug: $0.bug, hint: exercise.bugHints[$0.bug] ?? "", count: $0.count)
                     },
                     perturbed: RoomState.perturbedCount(exercise.id, in: grouped),
                     rejected: RoomState.rejectedCount(exercise.id, in: grouped),
                     causes: RoomState.causes(exercise.id, in: grouped).map { found in
                         let lesson = RoomLessons.lesson(found.cause)
                         return Cause(cause: found.cause, count: found.count, title: lesson.title, lesson: lesson.text, timing: lesson.timing)
                     })
        }
        attendees = zip(state.attendees, grouped).map { attendee, byExercise in
            var results: [String: Result] = [:]
            var done = 0
            for exercise in catalog.exercises {
                guard let tracks = byExercise[exercise.id], let headline = RoomState.headline(of: tracks) else { continue }
                if headline.verdict == .done { done += 1 }
                let order = { (framework: String?) in framework.flatMap { exercise.frameworks.firstIndex(of: $0) } ?? exercise.frameworks.count }
                let ordered = tracks.sorted { order($0.framework) < order($1.framework) }
                results[exercise.id] = Result(
                    verdict: headline.verdict, symbol: headline.verdict.symbol, missed: headline.missed, at: iso.string(from: headline.receivedAt),
                    framework: ordered.first { $0.result == headline }?.framework,
                    tracks: ordered.map { Track(framework: $0.framework, verdict: $0.result.verdict, symbol: $0.result.verdict.symbol,
                                                missed: $0.result.missed, at: iso.string(from: $0.result.receivedAt), perturbed: $0.result.perturbed,
                                                cause: $0.result.cause) },
                    perturbed: headline.perturbed, cause: headline.cause)
            }
            return Attendee(id: attendee.id, name: attendee.name, joinedAt: iso.string(from: attendee.joinedAt),
                            lastSeen: iso.string(from: attendee.lastSeen), current: attendee.current,
                            currentSince: attendee.currentSince.map(iso.string(from:)), stuck: stuck.contains(attendee.id),
                            done: done, results: results, doctor: attendee.doctor)
        }
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// One row per attendee and track they have a verdict for, for a spreadsheet. `framework` and
    /// `perturbed` (`true` when a timing change rejected the track) come last, then `cause` (why
    /// correct code failed the track, empty otherwise), so that a sheet made for the columns
    /// before them still reads.
    public func csv() -> String {
        var lines = ["attendee,name,exercise,number,title,verdict,missed,at,framework,perturbed,cause"]
        for attendee in attendees {
            for exercise in exercises {
                for track in attendee.results[exercise.id]?.tracks ?? [] {
                    lines.append([attendee.id, attendee.name, exercise.id, String(exercise.number), exercise.title,
                                  track.verdict.rawValue, track.missed.joined(separator: " "), track.at, track.framework ?? "",
                                  track.perturbed == true ? "true" : "false", track.cause ?? ""]
                        .map(Self.csvField).joined(separator: ","))
                }
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 4180 quoting; a leading `=`, `+`, `-` or `@` is defused so that a spreadsheet never runs
    /// an attendee's name as a formula.
    static func csvField(_ value: String) -> String {
        var value = value
        if let first = value.first, "=+-@".contains(first) { value = "'" + value }
        guard value.contains(where: { ",\"\r\n".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
