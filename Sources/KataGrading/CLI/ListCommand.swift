import Foundation
import KataGradingCore
import KataVerdicts

/// `--list`: one line per exercise, its number, id, title and last verdict (or what this machine
/// lacks to run it, as a grade would say); a long title wraps under itself, never into the id
/// column. On a screen too short for that (a terminal of 24 lines), the exercises go in two
/// columns under their patterns, each with its number, the room's sign for its last verdict (N
/// for one this machine cannot run) and a few words of its id, so that the whole course fits.
enum ListCommand {
    static func lines(_ catalog: Catalog, last: LastGrade, porcelain: Bool, style: Style, platform: TestPlatform) -> [String] {
        if porcelain {
            // key, module, framework, files, uses, and what this machine lacks to run it (empty
            // when nothing): one line per track, what scripts such as the self-test need.
            return catalog.exercises.flatMap { exercise in
                exercise.tracks.map { track in
                    [track.key, track.module, track.framework.rawValue,
                     track.files.joined(separator: ","), track.uses.joined(separator: ","),
                     platform.unmet(track.requires, framework: track.framework)?.text ?? ""].joined(separator: "\t")
                }
            }
        }
        let full = oneColumn(catalog, last: last, style: style, platform: platform)
        // A line is kept free for the shell's prompt after the list.
        if let height = style.height, full.count > height - 1 {
            return twoColumns(catalog, last: last, style: style, platform: platform)
        }
        return full
    }

    static func oneColumn(_ catalog: Catalog, last: LastGrade, style: Style, platform: TestPlatform) -> [String] {
        let idColumn = (catalog.exercises.map(\.id.count).max() ?? 20) + 2
        var lines: [String] = []
        for (number, exercise) in catalog.exercises.enumerated() {
            let needs = platform.unmet(exercise.requires, framework: exercise.framework).map { "\(Verdict.Kind.needs.rawValue) \($0.text)" }
            let status = (needs ?? last.summary(of: exercise)).map { " [\($0)]" } ?? ""
            let head = String(format: "%3d", number + 1) + ". " + exercise.id
            let titleColumn = 5 + idColumn
            if titleColumn + 20 <= style.width {
                let first = head.padding(toLength: titleColumn, withPad: " ", startingAt: 0)
                lines += style.wrap(paragraph: exercise.title + style.dim(status), first: first,
                                    rest: String(repeating: " ", count: titleColumn))
            } else {
                // Too narrow for two columns: the title goes under the id.
                lines.append(head)
                lines += style.wrap(paragraph: exercise.title + style.dim(status), first: "       ", rest: "       ")
            }
        }
        return lines
    }

    /// The course in two columns, patterns kept whole, with a legend of the signs.
    static func twoColumns(_ catalog: Catalog, last: LastGrade, style: Style, platform: TestPlatform) -> [String] {
        let gap = 2
        let columnWidth = (style.width - gap) / 2
        // Each pattern's block: its title, then one line per exercise.
        var blocks: [[String]] = []
        var done = 0
        for pattern in catalog.patterns {
            var block = [style.bold(pattern.title)]
            for (index, exercise) in catalog.exercises.enumerated() where exercise.pattern == pattern.id {
                let unmet = platform.unmet(exercise.requires, framework: exercise.framework) != nil
                let verdict = unmet ? .needs : last.verdicts[exercise.id].flatMap(VerdictKind.init(rawValue:))
                if verdict == .done { done += 1 }
                // The room's sign, and a second one for the other framework's track when it was
                // started and disagrees: a track not started is the same whether graded or not.
                let others = last.tracks(of: exercise.id).compactMap { VerdictKind(rawValue: $0.track.verdict) }
                    .filter { $0 != verdict && $0 != .notStarted }
                let signs = verdict.map { sign($0, style) } ?? " "
                let second = others.first.map { sign($0, style) } ?? " "
                var cell = String(format: "%2d", index + 1) + " " + signs + second + " " + label(exercise, in: pattern)
                if let verdict, verdict != .done, verdict != .notStarted,
                   Style.visibleCount(cell) + 1 + verdict.rawValue.count <= columnWidth {
                    cell += " " + style.dim(verdict.rawValue)
                }
                block.append(cell)
            }
            blocks.append(block)
        }
        // Whole patterns in each column, split where the taller column is shortest.
        let splitAt = (0...blocks.count).min { a, b in
            max(blocks[..<a].joined().count, blocks[a...].joined().count) < max(blocks[..<b].joined().count, blocks[b...].joined().count)
        } ?? blocks.count
        let left = Array(blocks[..<splitAt].joined())
        let right = Array(blocks[splitAt...].joined())
        var lines = [style.bold("\(catalog.exercises.count) exercises") + style.dim(" · \(done) done in your last grades")]
        for row in 0..<max(left.count, right.count) {
            let first = row < left.count ? left[row] : ""
            let padding = String(repeating: " ", count: max(gap, columnWidth + gap - Style.visibleCount(first)))
            let line = row < right.count ? first + padding + right[row] : first
            lines.append(line)
        }
        lines += RoomReport.legend(style).map { style.dim($0) }
        // Two signs, explained on the line of --hint, so that the course still fits 24 lines.
        let two = sign(.done, style) + sign(.failing, style)
        lines += style.wrap("\(two): the exercise, and your other track. --hint N: exercise N's files and hint.", indent: "")
        return lines
    }

    /// The id without its pattern's name: `mocking-request` → `request`, as the room's columns say.
    static func label(_ exercise: Catalog.Exercise, in pattern: Catalog.Pattern) -> String {
        let prefix = pattern.id + "-"
        return exercise.id.hasPrefix(prefix) ? String(exercise.id.dropFirst(prefix.count)) : exercise.id
    }

    static func sign(_ verdict: VerdictKind, _ style: Style) -> String { RoomReport.sign(verdict, style) }
}
