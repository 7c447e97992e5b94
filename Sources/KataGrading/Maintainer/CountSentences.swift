import Foundation
import KataGradingCore

/// The sentences of README.md and docs/ that state how many exercises there are, or which: each
/// found by its shape, its numbers worked out from the catalog, rewritten by `--refresh-docs` and
/// checked by `--check` (`GeneratedDocs`), so an exercise added to the catalog cannot leave one
/// wrong ("27 of the 33", "exercises 30 to 33", "0/33 done", an agenda row's "(6)").
struct CountSentences {
    struct Rule: Sendable {
        let files: [String]
        /// The shape of the sentence, its numbers as groups.
        let pattern: String
        /// The sentence as the catalog has it, from the match's groups (0: the whole); nil leaves it.
        let text: @Sendable (Catalog, [String]) -> String?
    }

    static let rules: [Rule] = [
        Rule(files: ["README.md", "docs/INSTRUCTORS.md"], pattern: #"\d+ of the \d+ exercises"#) { catalog, _ in
            "\(catalog.exercises.filter { $0.alternate != nil }.count) of the \(catalog.exercises.count) exercises"
        },
        Rule(files: ["README.md", "docs/INSTRUCTORS.md"], pattern: #"([Tt]he) ([a-z]+) of "([Ww]hat Swift [^"]*)""#) { catalog, groups in
            let only = catalog.exercises.filter { $0.alternate == nil && $0.framework == .swiftTesting }.count
            return "\(groups[1]) \(words(only)) of \"\(groups[3])\""
        },
        Rule(files: ["README.md"], pattern: #"\*\*([^*]+)\*\* \(exercises \d+ to \d+\)"#) { catalog, groups in
            guard let pattern = catalog.patterns.first(where: { $0.title == groups[1] }),
                  let first = catalog.exercises.firstIndex(where: { $0.pattern == pattern.id }),
                  let last = catalog.exercises.lastIndex(where: { $0.pattern == pattern.id }) else { return nil }
            return "**\(groups[1])** (exercises \(first + 1) to \(last + 1))"
        },
        Rule(files: ["docs/INSTRUCTORS.md"], pattern: #"`0/\d+ done`"#) { catalog, _ in "`0/\(catalog.exercises.count) done`" },
        // An agenda row: the block's exercises, then how many there are.
        Rule(files: ["docs/INSTRUCTORS.md"], pattern: #"\| (`([a-z0-9-]+)`[^|\n]*) \(\d+\) \|"#) { catalog, groups in
            guard let exercise = catalog.exercises.first(where: { $0.id == groups[2] }) else { return nil }
            return "| \(groups[1]) (\(catalog.exercises.filter { $0.pattern == exercise.pattern }.count)) |"
        },
    ]

    static func words(_ number: Int) -> String {
        let names = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return names.indices.contains(number) ? names[number] : String(number)
    }

    /// `text` of `file` with every sentence of the rules as the catalog has it.
    static func writing(_ catalog: Catalog, file: String, into text: String) -> String {
        var result = text
        for rule in rules where rule.files.contains(file) {
            guard let expression = try? NSRegularExpression(pattern: rule.pattern) else { continue }
            let source = result as NSString
            var rewritten = ""
            var end = 0
            for match in expression.matches(in: result, range: NSRange(location: 0, length: source.length)) {
                let groups = (0..<match.numberOfRanges).map { index in
                    match.range(at: index).location == NSNotFound ? "" : source.substring(with: match.range(at: index))
                }
                rewritten += source.substring(with: NSRange(location: end, length: match.range.location - end))
                rewritten += rule.text(catalog, groups) ?? groups[0]
                end = match.range.location + match.range.length
            }
            result = rewritten + source.substring(from: end)
        }
        return result
    }

    /// The files the rules read.
    static var files: [String] { Array(Set(rules.flatMap(\.files))).sorted() }

    /// Each file whose counts differ from the catalog's, with the first such sentence.
    static func problems(root: URL, catalog: Catalog) -> [String] {
        files.compactMap { file -> String? in
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { return nil }
            let written = writing(catalog, file: file, into: text)
            guard written != text else { return nil }
            let old = text.components(separatedBy: "\n"), new = written.components(separatedBy: "\n")
            let line = (old.indices.first { $0 >= new.count || old[$0] != new[$0] } ?? 0) + 1
            return "\(file):\(line) states a count the catalog no longer has: run Scripts/regenerate.sh."
        }
    }

    static func refresh(root: URL, catalog: Catalog) throws {
        for file in files {
            let url = root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let written = writing(catalog, file: file, into: text)
            if written != text { try Data(written.utf8).write(to: url, options: .atomic) }
        }
    }
}
