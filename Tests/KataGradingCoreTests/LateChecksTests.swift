import XCTest
@testable import KataGradingCore

/// A check the test's body left behind, run in its teardown, is late; its tearDown's are not.
final class LateChecksTests: XCTestCase {
    let source = """
        final class ImportTests: XCTestCase {
            func testReports() {
                importer.run(completion: {
                    XCTAssertEqual(reports, 3)
                })
            }

            override func tearDown() {
                XCTAssertNil(leak)
            }
        }
        """

    func test_aCheckInTheBodyRunDuringTeardownIsLate_oneInTearDownIsNot() {
        var report = RunReport()
        report.failAfterReturning("ImportTests.testReports", message: "3 != 2", location: "/F.swift:4")
        LateChecks.reclassify(&report) { $0 == "/F.swift" ? self.source : nil }
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(report.late.map(\.location), ["/F.swift:4"])

        var teardown = RunReport()
        teardown.failAfterReturning("ImportTests.testReports", message: "leaked", location: "/F.swift:9")
        LateChecks.reclassify(&teardown) { _ in self.source }
        XCTAssertEqual(teardown.failures.map(\.location), ["/F.swift:9"])
    }

    func test_findsAMethodsLinesThroughNestedBraces() {
        XCTAssertEqual(LateChecks.bodyLines(ofMethod: "testReports", in: source), 2...6)
        XCTAssertNil(LateChecks.bodyLines(ofMethod: "testMissing", in: source))
        // A brace in a string or a comment opens nothing.
        let quoted = "func testQuoted() {\n    let open = \"{\" // {\n    XCTAssertEqual(open, \"{\")\n}\nfunc after() {}\n"
        XCTAssertEqual(LateChecks.bodyLines(ofMethod: "testQuoted", in: quoted), 1...4)
    }

    func test_theObserversRecordsMarkWhatCameAfterTheTestReturned() {
        var reader = XCTestRecords()
        Data("B\nT\tA.test_a\nR\tA.test_a\nF\tA.test_a\t/F.swift\t4\tlate\nE\tA.test_a\t0.1\t0\nZ\n".utf8).withUnsafeBytes { reader.feed($0) }
        XCTAssertEqual(reader.report.failures.map(\.afterReturning), [true])
    }
}
