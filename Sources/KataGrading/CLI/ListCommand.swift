import Foundation
import KataGradingCore

/// `--list`: one line per exercise, its number, id, title and last verdict (or what this machine
/// lacks to run it, as a grade would say); a long title wraps under itself, never into the id column.
enum ListCommand {
    static func lines(_ catalog: Catalog, last: LastGrade, porcelain: Bool, style: Style, platform: TestPlatform) -> [String] {
        let idColumn = (catalog.exercises.map(\.id.count).max() ?? 20) + 2
        var lines: [String] = []
        for (number, exercise) in catalog.exercises.enumerated() {
            if porcelain {
                // key, module, framework, files, uses, and what this machine lacks to run it (empty
                // when nothing): one line per track, what scripts such as the self-test need.
                for track in exercise.tracks {
                    lines.append([track.key, track.module, track.framework.rawValue,
                                  track.files.joined(separator: ","), track.uses.joined(separator: ","),
                                  platform.unmet(track.requires, framework: track.framework)?.text ?? ""].joined(separator: "\t"))
                }
                continue
            }
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
}
