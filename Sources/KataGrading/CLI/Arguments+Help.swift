import Foundation

extension Arguments {
    /// `--help`: what an attendee needs, on one screen of 24 lines; `--help all` has every option.
    /// Both are laid out from `table`.
    public static var help: String {
        let lines = gradingLines.map { row($0.usage, $0.text) }
            + table.compactMap { option in option.brief.map { row(option.usage, $0) } }
        return page(lines.joined(separator: "\n") + "\n\nEvery option, the instructors' too: Scripts/grade.sh --help all")
    }

    /// `--help all`: every option of `table`, by who uses it.
    public static var helpAll: String {
        let sections = Option.Audience.allCases.map { audience in
            let rows = (audience == .attendees ? gradingLines.map { row($0.usage, $0.text) } : [])
                + table.filter { $0.audience == audience }.map { row($0.usage, $0.summary) }
            return ([audience.heading] + rows).joined(separator: "\n")
        }
        return page(sections.joined(separator: "\n\n"))
    }

    private static func page(_ body: String) -> String {
        """
        Usage: Scripts/grade.sh [options] [EXERCISE…]

        Grades your tests in Exercises/ against the real code, against buggy
        versions they must catch, and against correct versions that answer at
        other times.

        \(body)

        Exit status: 0 when every graded exercise is done, 1 when some are not,
        2 for a usage error, 3 when the kata itself cannot be built or read,
        130 when interrupted.
        """
    }

    /// The text column of the help starts here; a usage longer than fits before it puts its text
    /// on the next line.
    static let textColumn = 27

    /// One entry: `usage` at the left, `text` wrapped at 80 columns beside it.
    static func row(_ usage: String, _ text: String) -> String {
        let left = "  " + usage
        let hanging = String(repeating: " ", count: textColumn)
        let style = Style(color: false, symbols: false, width: 80)
        if left.count + 2 <= textColumn {
            let first = left + String(repeating: " ", count: textColumn - left.count)
            return style.wrap(paragraph: text, first: first, rest: hanging).joined(separator: "\n")
        }
        return ([left] + style.wrap(paragraph: text, first: hanging, rest: hanging)).joined(separator: "\n")
    }
}
