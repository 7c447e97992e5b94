import Foundation
import XCTest
import KataTestSupport

/// No function of the kata's sources grows past 80 lines: one that long does several jobs, and a
/// maintainer reads it whole to change any. None is longer today (issue 47 split the last eight);
/// `known` stays for one a maintainer cannot split at once: listed with its length, it may not grow.
final class FunctionLengthTests: XCTestCase {
    static let most = 80
    /// `file:name` of each function over `most` lines today, with its length: none.
    static let known: [String: Int] = [:]

    func test_noFunctionGrowsPastEightyLines() throws {
        let root = KataCheckout.root
        var long: [String: Int] = [:]
        let sources = root.appendingPathComponent("Sources")
        for case let path as String in FileManager.default.enumerator(atPath: sources.path)! where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (name, lines) in Self.functions(in: text) where lines > Self.most {
                long["Sources/\(path):\(name)", default: 0] = max(long["Sources/\(path):\(name)", default: 0], lines)
            }
        }
        for (function, lines) in long.sorted(by: { $0.key < $1.key }) {
            if let known = Self.known[function] {
                XCTAssertLessThanOrEqual(lines, known, "\(function) has grown to \(lines) lines: split it")
            } else {
                XCTFail("\(function) is \(lines) lines long, over \(Self.most): split it into functions that each do one job")
            }
        }
        for function in Self.known.keys.sorted() where long[function] == nil {
            XCTFail("\(function) is \(Self.most) lines or fewer now (or gone): take it off the list")
        }
    }

    /// Each function (or initialiser) of `text` and its length in lines, from its declaration to
    /// its closing brace; strings and comments do not count as braces.
    static func functions(in text: String) -> [(name: String, lines: Int)] {
        let lines = text.components(separatedBy: "\n")
        let declaration = try! NSRegularExpression(pattern: #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|mutating|nonisolated|override|final|class)\s+)*(?:func\s+([A-Za-z_][A-Za-z0-9_]*)|(init)\b)"#)
        var found: [(String, Int)] = []
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = declaration.firstMatch(in: line, range: range) else { continue }
            let nameRange = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
            let name = String(line[Range(nameRange, in: line)!])
            var depth = 0, started = false, end = index
            scan: while end < lines.count {
                for character in code(of: lines[end]) {
                    if character == "{" { depth += 1; started = true }
                    if character == "}" { depth -= 1 }
                }
                if started && depth <= 0 { break scan }
                if !started && end > index + 8 { break scan }
                end += 1
            }
            if started { found.append((name, end - index + 1)) }
        }
        return found
    }

    /// A line without its string literals and its `//` comment.
    static func code(of line: String) -> String {
        var result = "", inString = false, escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                result.removeLast()
                break
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }
}
