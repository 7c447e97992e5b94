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
        XCTAssertEqual(tokens.map(\.kind), [.attribute, .identifier, .identifier, .openBrace, .identifier, .identifier, .string,
                                            .identifier, .identifier, .string, .closeBrace])
        XCTAssertEqual(tokens.first, SwiftTokens.Token(kind: .attribute, text: "Suite", line: 2))
        XCTAssertEqual(tokens.filter { $0.kind == .string }.map(\.text), ["{ not a brace }", "a \"quoted\" } too"])
        XCTAssertEqual(tokens.last?.line, 5)
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
        XCTAssertEqual(ExtraFiles.imports(in: "// Testing first\n@testable import Mocking\nimport class XCTest.XCTestCase\n"), ["Mocking", "XCTest"])
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
