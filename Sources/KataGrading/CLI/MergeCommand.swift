import Foundation
import KataGradingCore
import KataRoom

/// `--merge FILE… [--html=PATH]`: a room without a network. Each machine wrote its results with
/// `grade.sh --json=PATH`; this merges the files into the live room's own state and snapshot
/// (`OfflineRoom`, keyed by attendee, exercise and track) and prints what the room's page shows,
/// as text: who is where, and what the room misses most. With `--html=PATH` it also writes the
/// room's page, with the merged room in it, to open in any browser with no server.
enum MergeCommand {
    static func run(files: [String], html: String?, course: Course, style: Style) -> Int32 {
        let err = StandardError()
        var machines: [OfflineRoom.Machine] = []
        var leftOut: [String] = []
        let iso = ISO8601DateFormatter()
        for path in files {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            guard let data = FileManager.default.contents(atPath: url.path) else {
                leftOut.append("\(path): cannot be read.")
                continue
            }
            let report: JSONReport
            do {
                report = try JSONDecoder().decode(JSONReport.self, from: data)
            } catch {
                leftOut.append("\(path): not a results file (grade.sh --json=PATH writes one; docs/results-json.md)\(Self.unknownWord(error)).")
                continue
            }
            guard report.version == JSONReport.currentVersion else {
                leftOut.append("\(path): results of version \(report.version); this grader reads version \(JSONReport.currentVersion).")
                continue
            }
            guard report.status != .error else {
                leftOut.append("\(path): \(report.attendee)'s grade did not run (\(report.message ?? "error")).")
                continue
            }
            guard report.source == "exercises" else {
                leftOut.append("\(path): a grade of \(report.source), not of \(report.attendee)'s Exercises/.")
                continue
            }
            machines.append(OfflineRoom.Machine(
                attendee: report.attendee, generatedAt: iso.date(from: report.generatedAt) ?? Date(),
                results: report.exercises.map { GradedExercise(id: $0.id, verdict: $0.status, missed: $0.chaffs.missed, framework: $0.framework,
                                                                 perturbed: $0.perturbed ?? false, cause: $0.cause) }))
        }
        let (state, notes) = OfflineRoom.merge(machines, catalog: RoomCommands.catalog(of: course))
        let newest = machines.map(\.generatedAt).max() ?? Date()
        let room = RoomSnapshot(state: state, catalog: RoomCommands.catalog(of: course), stuckAfterMinutes: 10, now: newest)
        let when = iso.string(from: newest).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
        let heading = machines.isEmpty
            ? "No results file could be merged."
            : "Room, from \(machines.count) results file\(machines.count == 1 ? "" : "s") (the newest written \(when)): \(room.attendees.count) attendee\(room.attendees.count == 1 ? "" : "s")"
        if machines.isEmpty { print(style.bold(heading)) } else { RoomReport(style: style).lines(room, heading: heading).forEach { print($0) } }
        if !leftOut.isEmpty || !notes.isEmpty {
            print("")
            print(style.bold("Left out"))
            for line in leftOut + notes { style.wrap("- " + line, indent: "  ").forEach { print($0) } }
        }
        if let html, !machines.isEmpty {
            let note = "Merged by Scripts/grade.sh --merge from \(machines.count) results file\(machines.count == 1 ? "" : "s"), the newest written \(when)."
            let url = URL(fileURLWithPath: html, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            do {
                try Data(OfflineRoom.page(room, note: note).utf8).write(to: url, options: .atomic)
                print("")
                style.wrap("The room's page, with this room in it: \(html) (open it in a browser; it needs no server).", indent: "").forEach { print($0) }
            } catch {
                err.write("grade.sh --merge: cannot write \(html): \(error.localizedDescription)\n")
                return GradeCommand.exitBroken
            }
        }
        if machines.isEmpty { return GradeCommand.exitUsage }
        return leftOut.isEmpty ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }

    /// Where a results file holds a word that is no verdict (or no grade status): `; exercises[2].status
    /// is none of the verdicts`, or nothing for any other reason it does not decode.
    static func unknownWord(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error, let last = context.codingPath.last,
              ["status", "exerciseStatus"].contains(last.stringValue) else { return "" }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined(separator: "").dropFirst()
        return "; \(path) is none of the \(context.codingPath.count == 1 ? "grade statuses" : "verdicts")"
    }
}
