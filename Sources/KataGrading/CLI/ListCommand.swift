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

    /// The course in two columns, patterns kept whole, with a legend of the signs; in three
    /// narrower ones when two would not fit the screen (a course of more than about 30 exercises on
    /// 24 lines).
    static func twoColumns(_ catalog: Catalog, last: LastGrade, style: Style, platform: TestPlatform) -> [String] {
        let two = columns(2, catalog, last: last, style: style, platform: platform)
        guard let height = style.height, two.count > height - 1 else { return two }
        return columns(3, catalog, last: last, style: style, platform: platform)
    }

    static func columns(_ count: Int, _ catalog: Catalog, last: LastGrade, style: Style, platform: TestPlatform) -> [String] {
        let gap = count == 2 ? 2 : 1
        let columnWidth = (style.width - gap * (count - 1)) / count
        // Each pattern's block: its title, then one line per exercise.
        var blocks: [[String]] = []
        var done = 0
        for pattern in catalog.patterns {
            var block = [style.bold(pattern.title)]
            for (index, exercise) in catalog.exercises.enumerated() where exercise.pattern == pattern.id {
                let unmet = platform.unmet(exercise.requires, framework: exercise.framework) != nil
                let verdict = unmet ? .needs : last.verdicts[exercise.id]
                if verdict == .done { done += 1 }
                // The room's sign, and a second one for the other framework's track when it was
                // started and disagrees: a track not started is the same whether graded or not.
                let others = last.tracks(of: exercise.id).map(\.track.verdict)
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
        let parts = wholePatterns(blocks, into: count)
        var lines = [style.bold("\(catalog.exercises.count) exercises") + style.dim(" · \(done) done in your last grades")]
        for row in 0..<(parts.map(\.count).max() ?? 0) {
            var line = ""
            for (column, part) in parts.enumerated() {
                let cell = row < part.count ? part[row] : ""
                if column > 0, !cell.isEmpty {
                    line += String(repeating: " ", count: max(gap, column * (columnWidth + gap) - Style.visibleCount(line)))
                }
                line += cell
            }
            lines.append(line)
        }
        lines += RoomReport.legend(style).map { style.dim($0) }
        // Two signs, explained on the line of --hint, so that the course still fits 24 lines.
        let pair = sign(.done, style) + sign(.failing, style)
        lines += style.wrap("\(pair): the exercise, and your other track. --hint N: exercise N's files and hint.", indent: "")
        return lines
    }

    /// The blocks in `count` columns, each pattern whole, split where the tallest column is shortest.
    static func wholePatterns(_ blocks: [[String]], into count: Int) -> [[String]] {
        func height(_ cuts: [Int]) -> Int {
            let bounds = [0] + cuts + [blocks.count]
            return (0..<count).map { blocks[bounds[$0]..<bounds[$0 + 1]].joined().count }.max() ?? 0
        }
        var best: [Int] = Array(repeating: blocks.count, count: count - 1)
        func search(_ cuts: [Int]) {
            if cuts.count == count - 1 {
                if height(cuts) < height(best) { best = cuts }
                return
            }
            for cut in (cuts.last ?? 0)...blocks.count { search(cuts + [cut]) }
        }
        search([])
        let bounds = [0] + best + [blocks.count]
        return (0..<count).map { Array(blocks[bounds[$0]..<bounds[$0 + 1]].joined()) }
    }

    /// The id without its pattern's name: `mocking-request` → `request`, as the room's columns say.
    static func label(_ exercise: Catalog.Exercise, in pattern: Catalog.Pattern) -> String {
        let prefix = pattern.id + "-"
        return exercise.id.hasPrefix(prefix) ? String(exercise.id.dropFirst(prefix.count)) : exercise.id
    }

    static func sign(_ verdict: VerdictKind, _ style: Style) -> String { RoomReport.sign(verdict, style) }
}
