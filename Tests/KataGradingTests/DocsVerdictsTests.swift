import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataVerdicts
import KataTestSupport

/// Every list of verdicts a reader looks up outside the code is written from `VerdictKind`
/// (`GeneratedDocs`), so that a new verdict kind is written in Swift alone.
final class DocsVerdictsTests: XCTestCase {
    let root = KataCheckout.root

    func test_everyVerdictIsInEachGeneratedList_inTheVocabularysOrder() {
        for kind in VerdictKind.allCases {
            XCTAssertTrue(GeneratedDocs.verdictTable.contains("| **\(kind.rawValue)** | \(kind.meaning) | \(kind.whatToDo) |"))
            XCTAssertTrue(GeneratedDocs.statusWords.contains("`\(kind.rawValue)`"))
            XCTAssertTrue(GeneratedDocs.gridKey.contains("\(kind.symbol) \(kind.rawValue)"))
        }
        XCTAssertTrue(GeneratedDocs.gridKey.hasPrefix("✓ done, · not started,"))
        XCTAssertTrue(GeneratedDocs.statusWords.hasSuffix("`too slow` or `needs`."))
    }

    func test_aBlockIsWrittenBetweenItsMarkers_indentedAsItsStart() {
        let block = GeneratedDocs.Block(file: "x.md", name: "key", markdown: "one\n\ntwo")
        let text = "- item:\n  <!-- key:start -->\n  old\n  <!-- key:end -->\n  after"
        XCTAssertEqual(GeneratedDocs.writing(block, into: text), "- item:\n  <!-- key:start -->\n  one\n\n  two\n  <!-- key:end -->\n  after")
        XCTAssertNil(GeneratedDocs.writing(block, into: "no markers"))
    }

    func test_theShippedDocsAreCurrent() throws {
        let catalog = try Catalog.load(from: root.appendingPathComponent("Catalog/catalog.json"))
        XCTAssertEqual(GeneratedDocs.problems(root: root, catalog: catalog), [])
    }
}
