import XCTest
@testable import KataGradingCore

/// The grader's one scanner of Swift source (`SwiftTokens`) and the readers of attendees' files
/// that go through it.
final class SwiftTokensTests: XCTestCase {
    func test_tokens_tellCodeFromCommentsAndStrings() {
        let source = """
            // import XCTest
            @Suite struct A { /* { nested /* } */ } */
                let s = "{ not a brace }"
                let r = #"a "quoted" } too"#
            }
            """
        let tokens = SwiftTokens.tokens(in: source)
        XCTAssertEqual(tokens.map(\.kind), [.attribute, .identifier, .identifier, .openBrace, .identifier, .identifier, .punctuation,
                                            .string, .identifier, .identifier, .punctuation, .string, .closeBrace])
        XCTAssertEqual(tokens.first, SwiftTokens.Token(kind: .attribute, text: "Suite", line: 2))
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.text), ["{ not a brace }", "a \"quoted\" } too"])
        XCTAssertEqual(tokens.last?.line, 5)
    }

    func test_numbersAndPunctuation_asWritten() {
        let tokens = SwiftTokens.tokens(in: "wait(for: [e], timeout: 9.5); t.0.count; 1...3; let n = 1_000 // 20\n")
        XCTAssertEqual(tokens.filter { $0.kind == .number }.map(\.text), ["9.5", "0", "1", "3", "1_000"])
        XCTAssertEqual(tokens.prefix(4).map(\.text), ["wait", "(", "for", ":"])
        XCTAssertEqual(tokens.filter { $0.kind == .punctuation }.map(\.text).joined(), "(:[],:);..;...;=")
    }

    /// What the build replay's own check got wrong (it read lines, and knew only `//` comments):
    /// an import in a block comment or a string imports nothing; one after a comment on its line does.
    func test_importsAreReadFromCodeOnly() {
        XCTAssertEqual(SwiftTokens.importedModules(in: "/* import XCTest */\nimport Testing\n"), ["Testing"])
        XCTAssertEqual(SwiftTokens.importedModules(in: "/*\n import XCTest\n */\nlet note = \"import XCTest\"\n"), [])
        XCTAssertEqual(SwiftTokens.importedModules(in: "let doc = \"\"\"\n    import XCTest\n    \"\"\"\n"), [])
        XCTAssertEqual(SwiftTokens.importedModules(in: "/* helpers */ import XCTest\n"), ["XCTest"])
        XCTAssertEqual(SwiftTokens.importedModules(in: "#if canImport(XCTest)\n@preconcurrency import XCTest\n#endif\n"), ["XCTest"])
    }

    func test_theLineThatDeclaresAClass() {
        let source = "// class SuccessTests was here\nfinal class SuccessTestsMore {}\nfinal class SuccessTests: XCTestCase {}\n"
        XCTAssertEqual(SwiftTokens.line(declaring: "SuccessTests", after: "class", in: source), 3, "not the comment, nor a longer name")
        XCTAssertNil(SwiftTokens.line(declaring: "Missing", after: "class", in: source))
    }

    func test_testsAreHeldInCodeOnly() {
        XCTAssertTrue(ExtraFiles.holdsTests("import Testing\n@Suite struct S { @Test func t() {} }"))
        XCTAssertTrue(ExtraFiles.holdsTests("import XCTest\nfinal class T: XCTestCase {}"))
        XCTAssertTrue(ExtraFiles.holdsTests("import Testing\n@Testing.Test func t() {}"))
        XCTAssertFalse(ExtraFiles.holdsTests("// Unlike an XCTestCase, this helper has no @Test.\nfunc helper() {}"))
        XCTAssertFalse(ExtraFiles.holdsTests("let note = \"@Test\""))
    }

    func test_whatAFileImportsAndDeclares() {
        XCTAssertEqual(SwiftTokens.importedModules(in: "// Testing first\n@testable import Mocking\nimport class XCTest.XCTestCase\n"), ["Mocking", "XCTest"])
        let declared = ExtraFiles.declaredNames(in: """
            let trackJSON = "{ let notAName = 1 }"
            // func commentedOut() {}
            func daftPunkJSON() -> Data {
                let localValue = 1
                return Data()
            }
            extension XCTestCase {
                func makeSUT() {}
            }
            """)
        XCTAssertEqual(declared, ["trackJSON", "daftPunkJSON", "makeSUT"])
    }
}
