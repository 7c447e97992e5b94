import Foundation
import KataVerdicts

/// The document `GET /api/room` serves, and what the page draws. docs/room-api.md documents every
/// field; bump `version` when a field changes meaning. Tokens never appear here.
public struct RoomSnapshot: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    public var code: String
    public var revision: Int
    public var generatedAt: String
    public var stuckAfterMinutes: Double
    /// The line attendees type to join, as the server printed it.
    public var joinCommand: String = ""
    public var exercises: [Exercise]
    public var attendees: [Attendee]

    public struct Exercise: Codable, Sendable, Equatable {
        public var id: String
        public var number: Int
        public var title: String
        public var pattern: String
        public var done: Int
        public var mostMissed: [Missed]
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
        public var results: [String: Result]
    }

    public struct Result: Codable, Sendable, Equatable {
        public var verdict: VerdictKind
        public var symbol: String
        public var missed: [String]
        public var at: String
    }

    public init(state: RoomState, catalog: RoomCatalog, stuckAfterMinutes: Double, now: Date) {
        let iso = ISO8601DateFormatter()
        let stuck = Set(state.stuck(after: stuckAfterMinutes * 60, now: now).map(\.id))
        version = Self.currentVersion
        code = state.code
        revision = state.revision
        generatedAt = iso.string(from: now)
        self.stuckAfterMinutes = stuckAfterMinutes
        exercises = catalog.exercises.enumerated().map { index, exercise in
            Exercise(id: exercise.id, number: index + 1, title: exercise.title, pattern: exercise.pattern,
                     done: state.doneCount(exercise.id),
                     mostMissed: state.mostMissed(exercise.id).map {
                         Missed(bug: $0.bug, hint: exercise.bugHints[$0.bug] ?? "", count: $0.count)
                     })
        }
        attendees = state.attendees.map { attendee in
            Attendee(id: attendee.id, name: attendee.name, joinedAt: iso.string(from: attendee.joinedAt),
                     lastSeen: iso.string(from: attendee.lastSeen), current: attendee.current,
                     currentSince: attendee.currentSince.map(iso.string(from:)), stuck: stuck.contains(attendee.id),
                     results: attendee.results.mapValues {
                         Result(verdict: $0.verdict, symbol: $0.verdict.symbol, missed: $0.missed, at: iso.string(from: $0.receivedAt))
                     })
        }
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// One row per attendee and exercise they have a verdict for, for a spreadsheet.
    public func csv() -> String {
        var lines = ["attendee,name,exercise,number,title,verdict,missed,at"]
        for attendee in attendees {
            for exercise in exercises {
                guard let result = attendee.results[exercise.id] else { continue }
                lines.append([attendee.id, attendee.name, exercise.id, String(exercise.number), exercise.title,
                              result.verdict.rawValue, result.missed.joined(separator: " "), result.at]
                    .map(Self.csvField).joined(separator: ","))
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
