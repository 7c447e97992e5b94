/// The test classes that SwiftPM's XCTest discovery on Linux makes crash at start.
///
/// SwiftPM writes each class's tests as an array literal (`__allTests__C = [("test_a", test_a), …]`)
/// and hands it to XCTest's `testCase`, which takes `(C) -> () throws -> Void` values. When every
/// test of a main-actor-isolated class is synchronous, the literal's element type is
/// `(C) -> @MainActor () -> ()`, and converting the array at run time traps ("Could not cast value
/// of type '(C) -> @Swift.MainActor () -> ()' to '(C) -> () -> ()'") before any test runs: plain
/// `swift test` crashes so too (Swift 6.3.1). One `async` test makes the literal's type XCTest's
/// (SwiftPM wraps it in `asyncTest`), and the class runs. On macOS, XCTest finds tests through the
/// Objective-C runtime, and there is no such array.
///
/// The crash takes the whole test binary down, every exercise's tests with it; the grader leaves
/// such a class's track out of its build and names it, so that no other exercise's verdict changes.
public enum MainActorDiscovery {
    /// The classes of one discovery file (`<Product>DiscoveredTests.derived/<Target>.swift`) whose
    /// every test is synchronous (none wrapped in `asyncTest`).
    public static func allSynchronousClasses(inDiscoveryFile text: String) -> [String] {
        var classes: [String] = []
        var current: String?
        var sawAsync = false
        for line in text.split(separator: "\n") {
            if let range = line.range(of: "let __allTests__") {
                let rest = line[range.upperBound...]
                current = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                sawAsync = false
            } else if let name = current {
                if line.contains("asyncTest(") { sawAsync = true }
                if line.trimmingCharacters(in: .whitespaces) == "]" {
                    if !sawAsync, !name.isEmpty { classes.append(name) }
                    current = nil
                }
            }
        }
        return classes
    }

    /// The line on which `source` declares class `name` as `@MainActor` (the attribute among the
    /// ones and the modifiers before `class`); nil when it does not.
    public static func mainActorClassLine(_ name: String, in source: String) -> Int? {
        let tokens = SwiftTokens.tokens(in: source)
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == name {
            guard index > 0, tokens[index - 1].kind == .identifier, tokens[index - 1].text == "class" else { continue }
            // Back over modifiers (`final`, `public`…) and attributes, with their arguments.
            var back = index - 2
            var depth = 0
            while back >= 0 {
                let before = tokens[back]
                if before.kind == .punctuation, before.text == ")" { depth += 1 }
                else if before.kind == .punctuation, before.text == "(" { depth -= 1 }
                else if depth == 0, before.kind == .attribute, before.text == "MainActor" { return token.line }
                else if depth == 0, before.kind != .identifier, before.kind != .attribute { break }
                else if depth == 0, before.kind == .identifier, !modifiers.contains(before.text) { break }
                back -= 1
            }
        }
        return nil
    }

    /// The class `source` says `name` inherits from (`class Name: Base, …`), if it declares `name`.
    public static func superclass(of name: String, in source: String) -> String? {
        let tokens = SwiftTokens.tokens(in: source)
        for index in tokens.indices.dropFirst().dropLast(2) where tokens[index].kind == .identifier && tokens[index].text == name
            && tokens[index - 1].text == "class" && tokens[index + 1].text == ":" && tokens[index + 2].kind == .identifier {
            return tokens[index + 2].text
        }
        return nil
    }

    static let modifiers: Set<String> = ["final", "public", "internal", "fileprivate", "private", "open", "nonisolated",
                                         "unchecked", "preconcurrency"]

    /// Why the track is left out, in the words of what to do.
    public static func message(forClass name: String) -> String {
        "SwiftPM's XCTest discovery on Linux crashes at start on `@MainActor` class \(name), whose test methods are all synchronous (\"Could not cast value of type '(\(name)) -> @Swift.MainActor () -> ()'\"): plain `swift test` crashes the same way, before any test runs. Make one of its test methods `async` (XCTest then runs them all), or drop `@MainActor` from the class and put it on the members that need it. Xcode on macOS runs the class either way."
    }

    /// Why a listing of the test binary's XCTest tests gave none, when its output says the binary
    /// trapped converting a class's test list (a case the look at the discovery file missed: the
    /// isolation inherited, say): the class, and what to change. Nil for any other output.
    public static func listingCrash(in output: String) -> String? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Could not cast value of type '(") }) else { return nil }
        let afterParen = line[line.range(of: "Could not cast value of type '(")!.upperBound...]
        let qualified = afterParen.prefix { $0 != ")" }
        let name = String(qualified.split(separator: ".").last ?? Substring(qualified))
        let isolated = afterParen.contains("@Swift.MainActor")
        return "the test binary crashed at start, before listing any XCTest test, on class \(name) (\(line.prefix(160))): "
            + (isolated ? message(forClass: name) : "SwiftPM's discovery could not convert its tests; plain `swift test` crashes the same way.")
    }
}
