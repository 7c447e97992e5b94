/// Just enough of Swift's lexical structure to tell code from comments: the one scanner of Swift
/// source in the grader. It yields each identifier (keywords included, backticks dropped), each
/// attribute's name (`@Test` as `Test`), each brace (`{`, `}`), the text of each string literal,
/// each number literal (`10`, `9.5`, `1_000`) and every other character of code on its own
/// (`:`, `=`, `.`, `(`…), with its line, and skips `//` and (nested) `/* */` comments. Raw strings
/// (`#"…"#`) and multi-line strings (`"""…"""`) are read whole, so a brace, a comment marker or an
/// `import` inside one is text.
///
/// Its readers: the grader-only names an attendee's file must not use (`GraderOnlyNames`), a
/// test method's body (`LateChecks`), what an added file declares and uses and whether it holds
/// tests (`ExtraFiles`), where a test class is declared (`ShadowBuild`), the modules a file
/// imports (`importedModules`: `ExtraFiles`, and the build replay's `TrackRelink`), and the long
/// waits a suite spells (`LongWaits`).
public enum SwiftTokens {
    public struct Token: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case identifier
            /// The name after `@`.
            case attribute
            case openBrace
            case closeBrace
            /// A string literal's text, between its quotes, escapes as written.
            case string
            /// A number literal as written (`1_000`, `9.5`, `0x1F`).
            case number
            /// Any other character of code, one at a time (`:`, `=`, `.`, `(`, `#`…).
            case punctuation
        }

        public var kind: Kind
        public var text: String
        /// 1-based; a multi-line string's is the line it opens on.
        public var line: Int
    }

    /// Every token of `source`, in order.
    public static func tokens(in source: String) -> [Token] {
        var tokens: [Token] = []
        scan(source) { (token: Token) in tokens.append(token); return true }
        return tokens
    }

    /// The line on which `keyword name` declares `name` (`class SuccessTests`), if `source` does.
    public static func line(declaring name: String, after keyword: String, in source: String) -> Int? {
        var previous: Token?
        var found: Int?
        scan(source) { (token: Token) in
            if token.kind == .identifier, token.text == name, let keywordToken = previous,
               keywordToken.kind == .identifier, keywordToken.text == keyword, keywordToken.line == token.line {
                found = token.line
            }
            previous = token
            return found == nil
        }
        return found
    }

    /// The modules a file imports (`import XCTest`, `@testable import Mocking`, `import class
    /// XCTest.XCTestCase`), from its code: an import in a comment or a string imports nothing.
    public static func importedModules(in source: String) -> Set<String> {
        let kinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
        var modules = Set<String>()
        var importing: Int?
        scan(source) { (token: Token) in
            if token.kind == .identifier, let line = importing, line == token.line, !kinds.contains(token.text) {
                modules.insert(token.text)
                importing = nil
            } else if token.kind == .identifier, token.text == "import" {
                importing = token.line
            }
            return true
        }
        return modules
    }

    /// Calls `take` with each token's text (an attribute's without its `@`) and its 1-based line
    /// until it returns false.
    public static func scan(_ source: String, _ take: (String, Int) -> Bool) {
        scan(source) { (token: Token) in take(token.text, token.line) }
    }

    /// Calls `take` with each token until it returns false.
    public static func scan(_ source: String, _ take: (Token) -> Bool) {
        var lexer = Lexer(text: Array(source.unicodeScalars))
        while let token = lexer.next() {
            if !take(token) { return }
        }
    }

    /// Reads tokens off a source's scalars, one at a time; comments and whitespace are skipped.
    struct Lexer {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(text: [Unicode.Scalar]) { self.text = text }

        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }
        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }
        static func startsName(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isXIDStart || scalar == "_" || scalar == "`" || scalar == "$"
        }

        /// The next token, nil at the end.
        mutating func next() -> Token? {
            while index < text.count {
                let scalar = text[index]
                if scalar == "\n" { line += 1; index += 1; continue }
                if scalar == "/", peek(1) == "/" {
                    while index < text.count, text[index] != "\n" { index += 1 }
                    continue
                }
                if scalar == "/", peek(1) == "*" { skipBlockComment(); continue }
                if scalar == "\"" || (scalar == "#" && (peek(1) == "\"" || peek(1) == "#")) {
                    if let string = readString() { return string }
                    continue
                }
                let attribute = scalar == "@" && peek(1).map(Self.startsName) == true
                if attribute || Self.startsName(scalar) { return readName(attribute: attribute) }
                if Self.isDigit(scalar) { return readNumber() }
                index += 1
                if scalar == "{" || scalar == "}" {
                    return Token(kind: scalar == "{" ? .openBrace : .closeBrace, text: String(scalar), line: line)
                }
                if !scalar.properties.isWhitespace { return Token(kind: .punctuation, text: String(scalar), line: line) }
            }
            return nil
        }

        /// Past a `/* … */` comment, nested ones too.
        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if text[index] == "/", peek(1) == "*" { depth += 1; index += 2; continue }
                if text[index] == "*", peek(1) == "/" { depth -= 1; index += 2; continue }
                if text[index] == "\n" { line += 1 }
                index += 1
            } while depth > 0 && index < text.count
        }

        /// A string literal, raw (`#"…"#`) or multi-line (`\"\"\"`) too, its text as written; nil for
        /// `#` signs that open no string.
        mutating func readString() -> Token? {
            var hashes = 0
            while index < text.count, text[index] == "#" { hashes += 1; index += 1 }
            guard index < text.count, text[index] == "\"" else { return nil }
            let startLine = line
            let multiline = peek(1) == "\"" && peek(2) == "\""
            let quotes = multiline ? 3 : 1
            index += quotes
            var literal = String.UnicodeScalarView()
            while index < text.count {
                if text[index] == "\\" && hashes == 0 && index + 1 < text.count {
                    literal.append(text[index]); literal.append(text[index + 1]); index += 2; continue
                }
                if text[index] == "\"" && (0..<quotes).allSatisfy({ peek($0) == "\"" })
                    && (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" }) {
                    index += quotes + hashes
                    break
                }
                if text[index] == "\n" {
                    line += 1
                    if !multiline { break }
                }
                literal.append(text[index])
                index += 1
            }
            return Token(kind: .string, text: String(literal), line: startLine)
        }

        /// An identifier, or an attribute's name (its `@` skipped); backticks left out.
        mutating func readName(attribute: Bool) -> Token {
            if attribute { index += 1 }
            var identifier = String.UnicodeScalarView()
            while index < text.count, text[index].properties.isXIDContinue || text[index] == "_" || text[index] == "`" || text[index] == "$" {
                if text[index] != "`" { identifier.append(text[index]) }
                index += 1
            }
            return Token(kind: attribute ? .attribute : .identifier, text: String(identifier), line: line)
        }

        /// A number: digits, `_` and letters (`0x1F`, `1_000`), and a fraction (`9.5`, but `t.0.count`
        /// and `1...3` stay apart).
        mutating func readNumber() -> Token {
            var number = String.UnicodeScalarView()
            func digits(_ lexer: inout Lexer) {
                while lexer.index < lexer.text.count, Self.isDigit(lexer.text[lexer.index]) || lexer.text[lexer.index] == "_"
                    || (lexer.text[lexer.index].isASCII && lexer.text[lexer.index].properties.isAlphabetic) {
                    number.append(lexer.text[lexer.index])
                    lexer.index += 1
                }
            }
            digits(&self)
            if peek(0) == ".", let next = peek(1), Self.isDigit(next) {
                number.append(text[index])
                index += 1
                digits(&self)
            }
            return Token(kind: .number, text: String(number), line: line)
        }
    }
}
