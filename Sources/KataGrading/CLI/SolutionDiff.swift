import Foundation
import KataGradingCore

/// `--solution`: the reference solution as a diff against the starter. Writes nothing in Exercises/.
enum SolutionDiff {
    /// `patch`: the output is not a terminal (`--solution ID | git apply`), so it is a patch that
    /// applies to `Exercises/`: `a/` and `b/` paths, no colour, no line continued, and a note
    /// that is not part of the diff goes to the error stream.
    static func text(_ exercise: Catalog.Exercise, store: StarterStore, style: Style, patch: Bool = false) throws -> String {
        guard let diff = ExecutableSearch.which("diff") else {
            throw StarterStore.NotFound(description: "the `diff` command is not installed.")
        }
        let scratch = store.paths.state.appendingPathComponent("starters")
        var out: [String] = []
        for file in exercise.files {
            // The starter from the catalog (no git needed), at its own path: a track's files can
            // sit in a subfolder (`SwiftTesting/`, `XCTest/`).
            let starter = scratch.appendingPathComponent(store.key(exercise, file))
            try FileManager.default.createDirectory(at: starter.deletingLastPathComponent(), withIntermediateDirectories: true)
            try store.starterText(exercise, file).write(to: starter)
            let solution = store.solutionFile(exercise, file)
            let key = store.key(exercise, file)
            let labels = patch ? ["a/Exercises/\(key)", "b/Exercises/\(key)"] : ["Exercises/\(key)", "Solutions/\(key)"]
            let result = try ProcessRunner.shared.run(
                diff, ["-u", "--label", labels[0], "--label", labels[1], starter.path, solution.path],
                timeout: 30, log: scratch.appendingPathComponent("diff.txt"))
            if result.output.isEmpty {
                let note = "Exercises/\(key): the solution equals the starter."
                if patch { StandardError().write(note + "\n") } else { out.append(style.wrap(note, indent: "").joined(separator: "\n")) }
            } else {
                let body = result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
                out.append(patch ? body : colorize(fitted(body, width: style.width), style))
            }
        }
        return out.joined(separator: "\n")
    }

    /// The diff with every line that is wider than `width` continued on lines of its own, as a
    /// reader wants it on a terminal (it is for reading, never for `patch`). A paragraph of comment
    /// lines (one mark, one indentation, prose) with a line too wide is wrapped again as a whole;
    /// other code continues four spaces further in, breaking only at a space outside a string
    /// literal. A line with no such space stays whole.
    static func fitted(_ diff: String, width: Int) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var key: String?
        func flush() {
            if paragraph.contains(where: { $0.count > width }), let key {
                out += rewrapped(paragraph, prefix: key, width: width)
            } else {
                out += paragraph.flatMap { broken($0, width: width) }
            }
            paragraph = []
        }
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let prose = proseComment(line)
            if let prose, prose.prefix == key, !prose.startsParagraph {
                paragraph.append(line)
                continue
            }
            flush()
            key = prose?.prefix
            if prose != nil { paragraph = [line] } else { out += broken(line, width: width) }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// A diff line that is a comment in prose: its mark, indentation and `//` (or `///`) with the
    /// space after it, and whether it starts a paragraph of its own (a list item, a TODO). Nil for
    /// code, an empty comment line, or one laid out by hand (more spaces after the `//`).
    static func proseComment(_ line: String) -> (prefix: String, startsParagraph: Bool)? {
        guard let mark = line.first, " +-".contains(mark), !line.hasPrefix("+++"), !line.hasPrefix("---") else { return nil }
        let content = line.dropFirst()
        let indent = content.prefix { $0 == " " || $0 == "\t" }
        let body = content.dropFirst(indent.count)
        guard let slashes = ["/// ", "// "].first(where: { body.hasPrefix($0) }) else { return nil }
        let text = body.dropFirst(slashes.count)
        guard let first = text.first, first != " " else { return nil }
        let starts = ["- ", "* ", "TODO:", "MARK:", "NOTE:"].contains { text.hasPrefix($0) } || first.isNumber && text.contains(". ")
        return (String(mark) + indent + slashes, starts)
    }

    /// A comment paragraph's words, wrapped again under its prefix.
    static func rewrapped(_ lines: [String], prefix: String, width: Int) -> [String] {
        let words = lines.flatMap { $0.dropFirst(prefix.count).split(separator: " ").map(String.init) }
        var out: [String] = []
        var current = ""
        for word in words {
            if !current.isEmpty, prefix.count + current.count + 1 + word.count > width {
                out.append(prefix + current)
                current = word
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        if !current.isEmpty { out.append(prefix + current) }
        return out
    }

    /// One line of code (or a comment laid out by hand) continued on lines of its own where it is
    /// wider than `width`: four spaces further in, at spaces outside string literals.
    static func broken(_ text: String, width: Int) -> [String] {
        guard text.count > width, let mark = text.first, " +-".contains(mark),
              !text.hasPrefix("+++"), !text.hasPrefix("---") else { return [text] }
        let content = String(text.dropFirst())
        let indent = String(content.prefix { $0 == " " || $0 == "\t" })
        // A comment laid out by hand continues as a comment, under its own text.
        let body = content.dropFirst(indent.count)
        let slashes = String(body.prefix { $0 == "/" })
        let comment = slashes.count >= 2 ? slashes + String(body.dropFirst(slashes.count).prefix { $0 == " " }) : nil
        let start = content.index(content.startIndex, offsetBy: indent.count + (comment?.count ?? 0))
        let breaks = comment == nil ? codeBreaks(content) : Set(content.indices.filter { $0 > start && content[$0] == " " })
        var lines: [String] = []
        var remaining = Substring(content)
        var prefix = ""
        while 1 + prefix.count + remaining.count > width {
            // The last allowed space that keeps this piece within the width.
            let room = width - 1 - prefix.count
            guard let cut = remaining.indices.prefix(room + 1).last(where: { breaks.contains($0) }),
                  cut > remaining.startIndex else { break }
            let piece = remaining[..<cut]
            guard !piece.trimmingCharacters(in: .whitespaces).isEmpty else { break }
            lines.append(String(mark) + prefix + piece)
            remaining = remaining[cut...].drop { $0 == " " }
            prefix = indent + (comment.map { $0 + "    " } ?? "    ")
        }
        lines.append(String(mark) + prefix + remaining)
        return lines
    }

    /// The spaces of a line of Swift where it may break: outside string literals, and not inside
    /// the line's leading indentation.
    static func codeBreaks(_ line: String) -> Set<String.Index> {
        var breaks: Set<String.Index> = []
        var inString = false
        var escaped = false
        var seenCode = false
        for index in line.indices {
            let character = line[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" { inString = true; seenCode = true; continue }
            if character == "/", line[index...].hasPrefix("//") { break }
            if character == " " { if seenCode { breaks.insert(index) } } else { seenCode = true }
        }
        return breaks
    }

    static func colorize(_ diff: String, _ style: Style) -> String {
        guard style.color else { return diff }
        return diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("+++") || line.hasPrefix("---") { return style.bold(String(line)) }
            if line.hasPrefix("+") { return style.paint(String(line), "32") }
            if line.hasPrefix("-") { return style.paint(String(line), "31") }
            if line.hasPrefix("@@") { return style.paint(String(line), "36") }
            return String(line)
        }.joined(separator: "\n")
    }
}
