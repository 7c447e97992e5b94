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

    static func blocks(_ catalog: Catalog) -> [Block] {
        [Block(file: "README.md", name: "exercise-index", markdown: ReadmeIndex.markdown(catalog)),
         Block(file: "README.md", name: "verdict-table", markdown: verdictTable),
         Block(file: "docs/results-json.md", name: "status-words", markdown: statusWords),
         Block(file: "docs/INSTRUCTORS.md", name: "grid-key", markdown: gridKey)]
    }

    /// README's table: each verdict, what it means, what to do.
    static var verdictTable: String {
        (["| verdict | what it means | what to do |", "| --- | --- | --- |"]
            + VerdictKind.allCases.map { "| **\($0.rawValue)** | \($0.meaning) | \($0.whatToDo) |" }).joined(separator: "\n")
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
        blocks(catalog).compactMap { block in
            let text = (try? String(contentsOf: root.appendingPathComponent(block.file), encoding: .utf8)) ?? ""
            guard let written = writing(block, into: text) else {
                return "\(block.file) has no \(block.name) (<!-- \(block.name):start --> … <!-- \(block.name):end -->)."
            }
            return written == text ? nil : "\(block.file)'s \(block.name) differs from the code: run Scripts/regenerate.sh."
        }
    }

    /// Writes every block into its file.
    static func refresh(root: URL, catalog: Catalog) throws {
        for block in blocks(catalog) {
            let url = root.appendingPathComponent(block.file)
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let written = writing(block, into: text) else {
                throw CatalogError("\(block.file) has no \(block.name): put <!-- \(block.name):start --> and <!-- \(block.name):end --> where it goes.")
            }
            if written != text { try Data(written.utf8).write(to: url, options: .atomic) }
        }
    }
}
