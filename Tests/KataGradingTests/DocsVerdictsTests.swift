import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// Every list of verdicts a reader looks up outside the code is read by the maintainers' check
/// (`grade.sh --check`), so that a new verdict kind is named wherever it is missing.
final class DocsVerdictsTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func test_theDocsListEveryVerdict_andTheCheckReadsThem() throws {
        let words = Verdict.Kind.allCases.map(\.rawValue)
        let results = try String(contentsOf: root.appendingPathComponent("docs/results-json.md"), encoding: .utf8)
        XCTAssertEqual(MaintainerCheck.statusWords(results), words)
        let guide = try String(contentsOf: root.appendingPathComponent("docs/INSTRUCTORS.md"), encoding: .utf8)
        XCTAssertEqual(MaintainerCheck.unlistedSigns(guide), [])
        XCTAssertEqual(MaintainerCheck.unlistedSigns(guide.replacingOccurrences(of: "~ flaky", with: "flaky")), ["~ flaky"])
        XCTAssertEqual(MaintainerCheck.statusWords("| `exercises[].status` | string | The verdict: `done` or `failing` (`message` says why). |"),
                       ["done", "failing"])
    }
}
