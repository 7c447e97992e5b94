import Foundation
import KataRoom
import KataVerdicts

/// The room's snapshot (`RoomSnapshot`, what the live page draws) as text for a terminal: the
/// grid of who is where, one row per attendee, who needs help first, one column per exercise
/// with the page's signs; then what the room misses most, the planted bugs that the most
/// attendees' latest suites let pass, each with its hint. `grade.sh --merge` prints it.
struct RoomReport {
    var style: Style

    func lines(_ room: RoomSnapshot, heading: String) -> [String] {
        var lines = style.wrap(heading, indent: "").map { style.bold($0) }
        lines.append("")
        lines += grid(room)
        lines.append("")
        lines += missedMost(room)
        let rejected = rejections(room)
        if !rejected.isEmpty { lines += [""] + rejected }
        return lines
    }

    /// The page's rejection lines of Explain next: per exercise whose correct code some suites
    /// reject, how many, and the lesson of the cause most of them have (`RoomLessons`), the
    /// others' causes named after it. Most rejected first.
    func rejections(_ room: RoomSnapshot) -> [String] {
        let rejected = room.exercises.filter { $0.rejected > 0 && !$0.causes.isEmpty }
            .sorted { ($1.rejected, $0.number) < ($0.rejected, $1.number) }
        guard !rejected.isEmpty else { return [] }
        var lines = [style.bold("Correct code their tests reject") + style.dim(" (the lesson of the cause most of them have)")]
        for exercise in rejected.prefix(5) {
            let top = exercise.causes[0]
            let others = exercise.causes.dropFirst().map { "\($0.title): \($0.count)" }
            // The page's clock sign (RoomPage.timingSign) for a cause of timing, where symbols are on.
            let sign = top.timing && style.symbols ? "◷ " : ""
            lines += style.wrap(paragraph: "\(sign)\(exercise.rejected) rejected in #\(exercise.number) \(exercise.id): \(top.title)"
                                + (others.isEmpty ? "" : " (\(top.count) of \(exercise.rejected); \(others.joined(separator: "; ")))"),
                                first: "  ", rest: "  ")
            lines += style.wrap(paragraph: top.lesson, first: "     ", rest: "     ").map { style.dim($0) }
        }
        return lines
    }

    /// One row per attendee: name, exercises done, the current one, then a sign per exercise,
    /// patterns a space apart; two header lines number the columns as `--list` does.
    func grid(_ room: RoomSnapshot) -> [String] {
        guard !room.attendees.isEmpty else { return ["No attendee's results to show."] }
        let total = room.exercises.count
        let done = "\(total)/\(total)".count
        // The exercises' columns, a blank between patterns.
        var columns = ""
        var tens = ""
        var units = ""
        var starts: [Int: Int] = [:]
        for (index, exercise) in room.exercises.enumerated() {
            if index > 0, exercise.pattern != room.exercises[index - 1].pattern { columns += " "; tens += " "; units += " " }
            starts[index] = columns.count
            columns += "x"
            tens += exercise.number >= 10 ? String(exercise.number / 10) : " "
            units += String(exercise.number % 10)
        }
        let fixed = 1 + done + 1 + 3 + 2 + columns.count
        let longest = room.attendees.map(\.name.count).max() ?? 8
        // A long name gets a line of its own rather than widening every row.
        let nameWidth = max(8, min(longest, 24, style.width - fixed))
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
        let left = String(repeating: " ", count: nameWidth + fixed - columns.count)
        var lines = [left + tens, pad("Attendee", nameWidth) + " " + pad("Done", done) + " Now  " + units]
        // Who needs help first, as the page orders its rows: the least done, then by name.
        let rows = room.attendees.sorted { ($0.done, $0.name.lowercased()) < ($1.done, $1.name.lowercased()) }
        for attendee in rows {
            var cells = Array(repeating: Character(" "), count: columns.count)
            for (index, exercise) in room.exercises.enumerated() {
                guard let result = attendee.results[exercise.id], let start = starts[index] else { continue }
                cells[start] = Character(sign(result.verdict))
            }
            let now = attendee.current.flatMap { id in room.exercises.first { $0.id == id }?.number }.map(String.init) ?? ""
            let figures = " " + pad("\(attendee.done)/\(total)", done) + " " + String(repeating: " ", count: max(0, 3 - now.count)) + now + "  " + String(cells)
            if attendee.name.count <= nameWidth {
                lines.append(pad(attendee.name, nameWidth) + figures)
            } else {
                // A name longer than its column has a line of its own, never cut.
                lines += style.wrap(attendee.name, indent: "")
                lines.append(String(repeating: " ", count: nameWidth) + figures)
            }
        }
        let patterns = room.patterns.map { pattern -> String in
            let numbers = room.exercises.filter { $0.pattern == pattern.id }.map(\.number)
            guard let first = numbers.first, let last = numbers.last else { return pattern.title }
            return (first == last ? "\(first)" : "\(first)–\(last)") + " " + pattern.title
        }
        lines += style.wrap("Columns: " + patterns.joined(separator: ", ") + ". Now: the first exercise not done.", indent: "").map { style.dim($0) }
        lines += legend().map { style.dim($0) }
        // Done counts of the exercises someone has started, as the page's last line has them.
        let started = room.exercises.filter { exercise in room.attendees.contains { ($0.results[exercise.id]?.verdict ?? .notStarted) != .notStarted } }
        if !started.isEmpty {
            lines += style.wrap("Done, of \(room.attendees.count), per exercise started: " + started.map { "#\($0.number) \($0.done)" }.joined(separator: ", ") + ".", indent: "")
        }
        // The page's ◷ (RoomPage.timingSign): suites a timing change the code allows (a generated perturbation) rejected.
        let timed = room.exercises.filter { $0.perturbed > 0 }
        if !timed.isEmpty {
            lines += style.wrap("Rejected by a timing change, per exercise: " + timed.map { "#\($0.number) \($0.perturbed)" }.joined(separator: ", ")
                                + " (tests that assume how long the code takes).", indent: "")
        }
        return lines
    }

    /// The page's "Explain next": the five planted bugs the most attendees miss, across exercises.
    func missedMost(_ room: RoomSnapshot) -> [String] {
        typealias Missed = (exercise: RoomSnapshot.Exercise, missed: RoomSnapshot.Missed)
        let all: [Missed] = room.exercises.flatMap { exercise in exercise.mostMissed.map { Missed(exercise, $0) } }
        let everywhere = all.sorted { (a: Missed, b: Missed) -> Bool in
            a.missed.count != b.missed.count ? a.missed.count > b.missed.count : a.exercise.number < b.exercise.number
        }.prefix(5)
        var lines = [style.bold("What the room misses most") + style.dim(" (the planted bugs most attendees' tests let pass)")]
        guard !everywhere.isEmpty else { return lines + ["  No planted bug is missed."] }
        for (rank, item) in everywhere.enumerated() {
            let (exercise, missed) = (item.exercise, item.missed)
            lines += style.wrap(paragraph: "\(missed.count) × \(missed.bug), in #\(exercise.number) \(exercise.id)",
                                first: "  \(rank + 1). ", rest: "     ")
            if !missed.hint.isEmpty { lines += style.wrap(paragraph: missed.hint, first: "     ", rest: "     ").map { style.dim($0) } }
        }
        return lines
    }

    /// The signs, never breaking inside one sign's words.
    func legend() -> [String] { Self.legend(style) }

    func sign(_ verdict: VerdictKind) -> String { Self.sign(verdict, style) }

    /// The room's signs for the ten verdicts and their words, in lines that fit the width.
    static func legend(_ style: Style) -> [String] {
        var lines = [""]
        for item in VerdictKind.allCases.map({ "\(sign($0, style)) \($0.rawValue)" }) {
            if lines[lines.count - 1].isEmpty { lines[lines.count - 1] = item }
            else if lines[lines.count - 1].count + 2 + item.count <= style.width { lines[lines.count - 1] += "  " + item }
            else { lines.append(item) }
        }
        return lines
    }

    /// The room's sign for a verdict (`VerdictKind.symbol`); plain ASCII where symbols are off.
    static func sign(_ verdict: VerdictKind, _ style: Style) -> String {
        style.symbols ? verdict.symbol : verdict.asciiSymbol
    }
}
