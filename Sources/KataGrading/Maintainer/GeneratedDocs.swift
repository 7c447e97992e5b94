import Foundation
import KataGradingCore
import KataVerdicts

/// The parts of README.md and docs/ written from the code, so that they cannot drift from it: each
/// between a line with `<!-- NAME:start -->` and one with `<!-- NAME:end -->`, indented as its
/// start marker. `grade.sh --refresh-docs` (run by `Scripts/regenerate.sh`) writes them;
/// `grade.sh --check` fails while one is stale. A new verdict kind is then written in Swift alone,
/// and the docs follow.
struct GeneratedDocs {
    struct Block {
        let file: String
        let name: String
        let markdown: String
    }

    static func blocks(_ catalog: Catalog, root: URL) -> [Block] {
        [Block(file: "README.md", name: "exercise-index", markdown: ReadmeIndex.markdown(catalog)),
         Block(file: "Catalog/README.md", name: "catalog-example", markdown: catalogExample(root: root)),
         Block(file: "README.md", name: "verdict-table", markdown: verdictTable),
         Block(file: "docs/results-json.md", name: "status-words", markdown: statusWords),
         Block(file: "docs/INSTRUCTORS.md", name: "grid-key", markdown: gridKey)]
    }

    /// README's table: each verdict, what it means, what to do.
    static var verdictTable: String {
        (["| verdict | what it means | what to do |", "| --- | --- | --- |"]
            + VerdictKind.allCases.map { "| **\($0.rawValue)** | \($0.meaning) | \($0.whatToDo) |" }).joined(separator: "\n")
    }

    /// Catalog/README.md's example: the first pattern and the first exercise as catalog.json has
    /// them, character for character.
    static func catalogExample(root: URL) -> String {
        let text = (try? String(contentsOf: root.appendingPathComponent("Catalog/catalog.json"), encoding: .utf8)) ?? ""
        func firstObject(after key: String) -> String {
            guard let start = text.range(of: "\"\(key)\": [") else { return "" }
            guard let object = JSONText.firstObject(in: text[start.upperBound...]) else { return "" }
            let lineStart = text[..<object.startIndex].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            return JSONText.dedented(String(object), by: text.distance(from: lineStart, to: object.startIndex))
        }
        return ["The first pattern (`patterns[0]`):", "", "```json", firstObject(after: "patterns"), "```", "",
                "The first exercise (`exercises[0]`):", "", "```json", firstObject(after: "exercises"), "```"].joined(separator: "\n")
    }

    /// The words a results file's statuses take, in the order of the verdict table.
    static var statusWords: String {
        let words = VerdictKind.allCases.map { "`\($0.rawValue)`" }
        return "`exercises[].status` and `exercises[].exerciseStatus` are one of " + words.dropLast().joined(separator: ", ")
            + " or " + words.last! + "."
    }

    /// The room grid's symbols, as the page shows them.
    static var gridKey: String {
        VerdictKind.allCases.map { "\($0.symbol) \($0.rawValue)" }.joined(separator: ", ") + "."
    }

    /// `text` with `block` written between its markers, or nil when `text` lacks them.
    static func writing(_ block: Block, into text: String) -> String? {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("<!-- \(block.name):start -->") }),
              let end = lines[start...].firstIndex(where: { $0.contains("<!-- \(block.name):end -->") }) else { return nil }
        let indent = String(lines[start].prefix { $0 == " " })
        let body = block.markdown.components(separatedBy: "\n").map { $0.isEmpty ? "" : indent + $0 }
        lines.replaceSubrange(start + 1..<end, with: body)
        return lines.joined(separator: "\n")
    }

    /// What is stale or has lost its markers, one sentence each; empty when all is current.
    static func problems(root: URL, catalog: Catalog) -> [String] {
        CountSentences.problems(root: root, catalog: catalog) + blocks(catalog, root: root).compactMap { block in
            let text = (try? String(contentsOf: root.appendingPathComponent(block.file), encoding: .utf8)) ?? ""
            guard let written = writing(block, into: text) else {
                return "\(block.file) has no \(block.name) (<!-- \(block.name):start --> … <!-- \(block.name):end -->)."
            }
            return written == text ? nil : "\(block.file)'s \(block.name) differs from the code: run Scripts/regenerate.sh."
        }
    }

    /// Writes every block into its file.
    static func refresh(root: URL, catalog: Catalog) throws {
        try CountSentences.refresh(root: root, catalog: catalog)
        for block in blocks(catalog, root: root) {
            let url = root.appendingPathComponent(block.file)
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let written = writing(block, into: text) else {
                throw CatalogError("\(block.file) has no \(block.name): put <!-- \(block.name):start --> and <!-- \(block.name):end --> where it goes.")
            }
            if written != text { try Data(written.utf8).write(to: url, options: .atomic) }
        }
    }
}

/// Pieces of a JSON text, as written.
enum JSONText {
    /// The first `{…}` object of `text`, braces inside strings left alone.
    static func firstObject(in text: Substring) -> Substring? {
        guard let open = text.firstIndex(of: "{") else { return nil }
        var depth = 0, inString = false, escaped = false
        for index in text[open...].indices {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return text[open...index] }
            default: break
            }
        }
        return nil
    }

    /// `text` with up to `indent` leading spaces taken off every line after the first (which
    /// started at that column).
    static func dedented(_ text: String, by indent: Int) -> String {
        let lines = text.components(separatedBy: "\n")
        return ([lines[0]] + lines.dropFirst().map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }).joined(separator: "\n")
    }
}
