import XCTest
@testable import KataGrading
@testable import KataGradingCore

final class CatalogTests: XCTestCase {
    func catalog(_ exercises: String) throws -> Catalog {
        let json = """
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [\(exercises)]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID()).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Catalog.load(from: url)
    }
    let one = #"{"id": "p-one", "pattern": "p", "title": "One", "files": ["A.swift"], "hint": "h"}"#

    func test_load_appliesDefaults() throws {
        let exercise = try catalog(one).exercises[0]
        XCTAssertEqual(exercise.framework, .xctest)
        XCTAssertEqual(exercise.timeLimit, 10)
        XCTAssertEqual(exercise.uses, [])
        XCTAssertEqual(exercise.targetName, "Grade_p_one")
    }

    func test_load_explainsDamageWithTheFileAndField() {
        XCTAssertThrowsError(try catalog(#"{"id": "x", "pattern": "p"}"#)) {
            XCTAssertTrue("\($0)".contains("missing field 'title'"), "\($0)")
            XCTAssertTrue("\($0)".contains("catalog-"), "\($0)")
        }
        XCTAssertThrowsError(try catalog("{,")) { XCTAssertTrue("\($0)".contains("not valid JSON"), "\($0)") }
        XCTAssertThrowsError(try catalog(one + "," + one)) { XCTAssertTrue("\($0)".contains("twice"), "\($0)") }
        XCTAssertThrowsError(try catalog(#"{"id": "x", "pattern": "nope", "title": "t", "files": ["A"], "hint": "h"}"#))
    }

    func test_select_acceptsIdsAndNumbersAndSuggestsNearMisses() throws {
        let c = try catalog(one)
        XCTAssertEqual(try Arguments.select(["p-one"], from: c).map(\.id), ["p-one"])
        XCTAssertEqual(try Arguments.select(["1"], from: c).map(\.id), ["p-one"])
        XCTAssertThrowsError(try Arguments.select(["one"], from: c)) { XCTAssertTrue("\($0)".contains("Did you mean p-one?"), "\($0)") }
    }

    /// A mistyped id gets "did you mean" with or without a track: the id and the framework each
    /// nearest to what was typed; a named track is graded alone.
    func test_select_suggestsNearMisses_withATrack_andGradesANamedTrackAlone() throws {
        let c = try catalog(#"{"id": "p-confirmation", "pattern": "p", "title": "C", "files": ["A.swift"], "hint": "h", "framework": "swift-testing", "alternate": {"framework": "xctest", "files": ["XCTest/A.swift"]}}"#)
        for (typed, suggestion) in [("p-confirmaton@xctest", "p-confirmation@xctest"), ("p-confirmation@xctset", "p-confirmation@xctest"),
                                    ("p-confirmaton@swift-testing", "p-confirmation@swift-testing")] {
            XCTAssertThrowsError(try Arguments.select([typed], from: c), typed) { XCTAssertTrue("\($0)".contains("Did you mean \(suggestion)?"), "\($0)") }
        }
        let named = try Arguments.select(["p-confirmation@swift-testing"], from: c)
        XCTAssertEqual(named.map(\.framework), [.swiftTesting])
        XCTAssertTrue(named[0].isNamedTrack)
        XCTAssertTrue(try Arguments.select(["p-confirmation@xctest"], from: c)[0].isNamedTrack)
        XCTAssertFalse(try Arguments.select(["p-confirmation"], from: c)[0].isNamedTrack)
    }

    func test_help_fitsAScreenOf80By24_andHelpAllHasEveryOption() throws {
        XCTAssertLessThanOrEqual(Arguments.help.split(separator: "\n", omittingEmptySubsequences: false).count, 23)
        for (name, text) in [("--help", Arguments.help), ("--help all", Arguments.helpAll)] {
            let wide = text.split(separator: "\n").filter { $0.count > 80 }.map(String.init)
            XCTAssertEqual(wide, [], "\(name) fits 80 columns")
        }
        XCTAssertTrue(Arguments.help.contains("--help all"))
        XCTAssertTrue(try Arguments.parse(["--help", "all"]).helpAll)
        // One declaration per option: each spelling is parsed, and `--help all` shows each.
        for option in Arguments.table {
            XCTAssertTrue(Arguments.helpAll.contains(option.usage), "--help all shows \(option.name)")
            XCTAssertTrue(option.usage.contains(option.name), "\(option.name)'s usage names it")
            XCTAssertTrue(Arguments.options.contains(option.name) || !option.name.hasPrefix("--"))
        }
        for name in ["--check", "--porcelain", "--from", "--refresh-docs", "--refresh-starters", "--check-starters", "--fail-private-channel"] {
            XCTAssertTrue(Arguments.helpAll.contains(name), "\(name) is in --help all")
        }
        XCTAssertEqual(try Arguments.parse(["--port=9000", "--room-serve"]).port, 9000)
        XCTAssertEqual(try Arguments.parse(["--json=out.json"]).json, .file("out.json"))
        XCTAssertEqual(try Arguments.parse(["--json", "mocking-request"]).ids, ["mocking-request"])
        XCTAssertEqual(try Arguments.parse(["--help", "mocking-request"]).helpAll, false)
        XCTAssertThrowsError(try Arguments.parse(["--list=yes"])) { XCTAssertTrue("\($0)".contains("takes no value"), "\($0)") }
        XCTAssertThrowsError(try Arguments.parse(["--fail-private-channel"]))
    }

    func test_arguments_rejectUnknownOptions() {
        XCTAssertThrowsError(try Arguments.parse(["--frobnicate"]))
        XCTAssertEqual(try Arguments.parse(["--solutions", "a"]).source, .solutions)
    }

    func test_fingerprint_ignoresLineEndingStyle() {
        XCTAssertEqual(Fingerprint.of(Data("a\nb\n".utf8)), Fingerprint.of(Data("a\r\nb\r\n".utf8)))
        XCTAssertNotEqual(Fingerprint.of(Data("a\nb\n".utf8)), Fingerprint.of(Data("a\nc\n".utf8)))
    }

    func test_shadowAppendix_givesEachExerciseItsOwnTarget() throws {
        let c = try catalog(one)
        let appendix = ShadowPackage.appendix(for: c.exercises, in: c)
        XCTAssertTrue(appendix.contains(#"("Grade_p_one", "MExercises", "Grade/Grade_p_one")"#), appendix)
    }

    func test_wrap_keepsLinesWithinTheWidth() {
        let style = Style(color: false, symbols: false, width: 40)
        let lines = style.wrap(String(repeating: "word ", count: 30), indent: "    ")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 40 })
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("    ") })
    }
}
