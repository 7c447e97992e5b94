import Foundation
import KataVerdicts

/// A room without a network: the results files its machines wrote (`grade.sh --json=PATH`),
/// merged into the state the live room would hold had each machine joined and sent its grade.
///
/// Each machine goes through the room's own `join` and `post`, so the merge keeps what the room
/// keeps (the latest result per attendee, exercise and track: two tracks of one exercise never
/// collapse into one) and the snapshot and page are the room's own. An attendee is a name, the
/// key docs/results-json.md gives: two files of one name are one attendee, and a track in the
/// newer file replaces the older's. Times come from the files, so no one looks stuck.
public enum OfflineRoom {
    /// One results file, as the merge needs it.
    public struct Machine: Sendable, Equatable {
        public var attendee: String
        public var generatedAt: Date
        public var results: [GradedExercise]

        public init(attendee: String, generatedAt: Date, results: [GradedExercise]) {
            self.attendee = attendee
            self.generatedAt = generatedAt
            self.results = results
        }
    }

    public static let code = "OFFLINE"

    /// The merged room, and a line for each result that the room's catalog cannot place (an
    /// exercise, a track or a planted bug that this checkout's kata does not have). A word that is
    /// no verdict never gets this far: the results file it is in does not decode (`MergeCommand`).
    public static func merge(_ machines: [Machine], catalog: RoomCatalog) -> (state: RoomState, notes: [String]) {
        var state = RoomState(code: code)
        var notes: [String] = []
        var ids: [String: String] = [:]
        // Oldest first, so that a newer file's result of a track replaces an older one's.
        let oldestFirst = machines.enumerated().sorted { ($0.element.generatedAt, $0.offset) < ($1.element.generatedAt, $1.offset) }.map(\.element)
        for (seq, machine) in oldestFirst.enumerated() {
            // The name as the file says it, whole (the page wraps a long one), without control characters.
            let name = String(String.UnicodeScalarView(machine.attendee.unicodeScalars.filter {
                $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
            })).trimmingCharacters(in: .whitespacesAndNewlines)
            let shown = name.isEmpty ? "unnamed" : name
            let id = ids[shown] ?? "a-offline-\(String(format: "%04d", ids.count + 1))"
            ids[shown] = id
            _ = try? state.join(JoinRequest(code: code, attendee: id, token: token, name: shown), now: machine.generatedAt)
            var entries: [ResultsPost.Entry] = []
            for result in machine.results {
                guard let exercise = catalog.exercise(result.id) else {
                    notes.append("\(shown): this kata has no exercise \(result.id); left out.")
                    continue
                }
                if let framework = result.framework, !exercise.frameworks.isEmpty, !exercise.frameworks.contains(framework) {
                    notes.append("\(shown): \(result.id) has no \(framework) track here; left out.")
                    continue
                }
                let unknown = result.missed.filter { exercise.bugHints[$0] == nil }
                if !unknown.isEmpty { notes.append("\(shown): \(result.id) has no planted bug \(unknown.joined(separator: ", ")) here; not counted.") }
                entries.append(ResultsPost.Entry(id: result.id, verdict: result.verdict, missed: result.missed.filter { exercise.bugHints[$0] != nil },
                                                 seq: seq + 1, framework: result.framework, perturbed: result.perturbed, cause: result.cause))
            }
            _ = try? state.post(ResultsPost(code: code, attendee: id, token: token, results: entries), catalog: catalog, now: machine.generatedAt)
        }
        // Stuck means "on one exercise for minutes", which files written at one moment cannot tell.
        for index in state.attendees.indices { state.attendees[index].currentSince = nil }
        return (state, notes)
    }

    /// The room's own page, with the merged room written into it: a file that opens with no server.
    /// `note` says where the room comes from, where the live page shows its join line.
    public static func page(_ snapshot: RoomSnapshot, note: String) -> String {
        RoomPage.offline(snapshot, note: note)
    }

    /// The one token of every merged row: nothing here is ever sent anywhere.
    static let token = String(repeating: "offline", count: 3)
}
