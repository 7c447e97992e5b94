import Foundation
import KataGradingCore

/// The plain `swift test` line that runs exactly the attendee's tests of one exercise: its test
/// type in the `<Pattern>Exercises` target (not the reference solution's type of the same name,
/// not the starters of other exercises), in its own framework only, so that the last line it
/// prints is the verdict of those tests.
///
/// XCTest names a test `Module.Class/method` and Swift Testing `Module.Outer/Suite/test()`, with
/// every enclosing type: a suite nested in `TestURLProtocolSuites` is not found under
/// `Module.Suite`. The filter ends with `/`, so that `…Tests/` never also runs `…TestsTwo`.
enum PlainSwiftTest {
    /// `--filter`'s regular expression and the flag that leaves the other framework out.
    struct Command: Equatable {
        var filter: String
        var flag: String

        var command: ShellCommand { ShellCommand("swift", "test", flag, "--filter", filter) }
        /// The command on one line.
        var line: String { command.line }
    }

    /// The command for one track. `source` is the text of its test file (the shipped starter),
    /// where the test type and the types it is nested in are declared.
    static func command(for exercise: Catalog.Exercise, source: String?) -> Command {
        // The tests live in the exercise's last file, in a type named after it.
        let name = ((exercise.files.last ?? "") as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
        let path = source.flatMap { typePath(of: name, in: $0) } ?? [name]
        let filter = "\(exercise.module)Exercises\\." + path.joined(separator: "/") + "/"
        return Command(filter: filter, flag: exercise.framework == .xctest ? "--disable-swift-testing" : "--disable-xctest")
    }

    /// The command as `--hint` prints it: on one line after `label` when it fits the width, else on
    /// lines of its own that a shell reads as one (a `\` at the end of the first), each within it.
    static func lines(_ command: Command, label: String, indent: String, width: Int) -> [String] {
        let one = indent + label + " " + command.line
        if one.count <= width { return [one] }
        return [indent + label] + ShellCommand.lines(command.command.words.map(ShellCommand.quote), first: indent + "  ",
                                                     rest: indent + "    ", width: width)
    }

    /// The names of the types that hold `name`'s declaration, outermost first, ending with `name`:
    /// `["TestURLProtocolSuites", "BlabberCountdownSuite"]` for a suite declared inside
    /// `extension TestURLProtocolSuites { … }`. Nil when `name` is not declared as a type.
    static func typePath(of name: String, in source: String) -> [String]? {
        // Declarations and braces, outside comments and string literals.
        var scopes: [String?] = []
        var pending: String?
        var words: [String] = []
        for token in tokens(source) {
            switch token {
            case "{":
                scopes.append(pending)
                pending = nil
                words = []
            case "}":
                if !scopes.isEmpty { scopes.removeLast() }
                pending = nil
                words = []
            case ";":
                pending = nil
                words = []
            default:
                if let last = words.last, ["class", "struct", "enum", "actor", "extension"].contains(last), pending == nil {
                    // `extension A.B` and `class C: D` both name the type in their first word.
                    let declared = String(token.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
                    if !declared.isEmpty, !["func", "var", "let", "init", "subscript"].contains(declared) {
                        pending = declared
                        if declared == name, last != "extension" {
                            return scopes.compactMap { $0 }.flatMap { $0.split(separator: ".").map(String.init) } + [name]
                        }
                    }
                }
                words.append(token)
            }
        }
        return nil
    }

    /// Words and the characters `{`, `}` and `;`, with comments and string literals left out.
    static func tokens(_ source: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        var characters = Array(source)[...]
        func flush() { if !word.isEmpty { tokens.append(word); word = "" } }
        while let character = characters.popFirst() {
            if character == "/", characters.first == "/" {
                flush()
                while let next = characters.first, next != "\n" { characters.removeFirst() }
            } else if character == "/", characters.first == "*" {
                flush()
                characters.removeFirst()
                while !characters.isEmpty, !(characters.first == "*" && characters.dropFirst().first == "/") { characters.removeFirst() }
                characters = characters.dropFirst(2)
            } else if character == "\"" {
                flush()
                // A string literal, `"""` ones included, up to its closing quote.
                let triple = characters.prefix(2) == ["\"", "\""]
                if triple { characters = characters.dropFirst(2) }
                while let next = characters.popFirst() {
                    if next == "\\" { _ = characters.popFirst(); continue }
                    if next == "\"" {
                        if !triple { break }
                        if characters.prefix(2) == ["\"", "\""] { characters = characters.dropFirst(2); break }
                    }
                }
            } else if "{};".contains(character) {
                flush()
                tokens.append(String(character))
            } else if character.isWhitespace || "(),:<>=".contains(character) {
                flush()
            } else {
                word.append(character)
            }
        }
        flush()
        return tokens
    }
}
