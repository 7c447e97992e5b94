import XCTest
@testable import KataGradingCore

/// A test file that names what exists only in the grader's copy does not compile as shipped.
final class GraderOnlyNamesTests: XCTestCase {
    func test_findsTheNamesInCodeAndInStrings() {
        XCTAssertEqual(GraderOnlyNames.firstReference(in: "import XCTest\nimport KataShadowHook\n"),
                       .init(name: "KataShadowHook", line: 2))
        XCTAssertEqual(GraderOnlyNames.firstReference(in: #"@_silgen_name("kata_shadow_variant") func f() -> Int32"#)?.name,
                       "kata_shadow_variant")
        XCTAssertEqual(GraderOnlyNames.firstReference(in: "let x = `KataShadowObserver`.self")?.name, "KataShadowObserver")
        XCTAssertEqual(GraderOnlyNames.firstReference(in: "f(_kataShadowVariant())")?.name, "_kataShadowVariant")
        XCTAssertEqual(GraderOnlyNames.firstReference(in: ##"let s = #"kata_shadow_channel"#"##)?.name, "kata_shadow_channel")
        XCTAssertEqual(GraderOnlyNames.firstReference(in: "let s = \"\"\"\n  a\n  kata_shadow_x\n  \"\"\"")?.line, 1)
    }

    func test_ignoresComments_andOrdinaryCode() {
        XCTAssertNil(GraderOnlyNames.firstReference(in: "// import KataShadowHook\n/* kata_shadow_variant /* nested */ still */ let a = 1"))
        XCTAssertNil(GraderOnlyNames.firstReference(in: "import XCTest\n@testable import Mocking\nlet s = \"a \\\"quoted\\\" kata string\""))
    }

    /// The pass over the bytes that spares most files the scanner lets through every spelling the
    /// scanner finds: any case, backticks inside the name, the Kelvin sign for "k".
    func test_theQuickPassLetsEverySpellingThrough() {
        XCTAssertFalse(GraderOnlyNames.mayHoldMark("import XCTest\n@testable import Mocking\nlet kata = 1 // shadow\n"))
        XCTAssertTrue(GraderOnlyNames.mayHoldMark("KATA_SHADOW"))
        XCTAssertTrue(GraderOnlyNames.mayHoldMark("kkata_shadow"))
        XCTAssertEqual(GraderOnlyNames.firstReference(in: "let x = Kata`Shadow`Hook")?.name, "KataShadowHook")
        XCTAssertEqual(GraderOnlyNames.firstReference(in: "let x = \u{212A}ataShadowHook")?.name, "\u{212A}ataShadowHook")
    }

    func test_theGeneratedCodeUsesOnlyMarkedNames() {
        for name in [GraderOnlyNames.hookModule, GraderOnlyNames.observerModule, GraderOnlyNames.variantSymbol,
                     GraderOnlyNames.connectedSymbol, GraderOnlyNames.sendSymbol, GraderOnlyNames.observerInstallSymbol, GraderOnlyNames.variantFunction] {
            XCTAssertNotNil(GraderOnlyNames.firstReference(in: "x(\(name))"), name)
        }
        XCTAssertTrue(RunHookSource.source.contains(GraderOnlyNames.variantSymbol))
        XCTAssertTrue(XCTestObserverSource.source.contains(GraderOnlyNames.observerInstallSymbol))
    }

    /// Every record letter the reader knows is written by the generated observer or hook, from
    /// `XCTestRecords.Letter`: none is spelled twice.
    func test_theGeneratedCodeWritesEveryRecordLetterFromItsOneDefinition() {
        let generated = RunHookSource.source + XCTestObserverSource.source
        for letter in XCTestRecords.Letter.allCases {
            let written = ["send(\"\(letter.rawValue)\"", "'\(letter.rawValue)'", "\"\(letter.rawValue)\\t"]
            XCTAssertTrue(written.contains { generated.contains($0) }, "\(letter) (\(letter.rawValue))")
        }
    }
}
