import XCTest
@testable import KataGradingCore

/// What a test writes reaches the attendee's terminal only as text: no escape sequence of its own
/// moves the cursor or repaints the grader's lines (a failing verdict painted over as done).
final class TerminalTextTests: XCTestCase {
    func test_controlCharactersBecomeVisible_butNewlinesAndTabsStay() {
        XCTAssertEqual(TerminalText.printable("\u{1B}[1A\u{1B}[2K\rok done"), "\u{FFFD}[1A\u{FFFD}[2K\u{FFFD}ok done")
        XCTAssertEqual(TerminalText.printable("\u{9B}2K\u{7F}\u{07}"), "\u{FFFD}2K\u{FFFD}\u{FFFD}")
        XCTAssertEqual(TerminalText.printable("line one\n\tline two, café ✔"), "line one\n\tline two, café ✔")
    }

    func test_aRunsReportKeepsNoEscapeSequence_inMessagesNamesOrCompileErrors() {
        var report = RunReport()
        report.declare("paints\u{1B}[2K")
        report.fail("paints\u{1B}[2K", message: "\u{1B}[1A\u{1B}[32mok\u{1B}[0m done", location: "File.swift:1\r")
        report.skip("skips\u{1B}c", reason: "\u{1B}]0;title\u{07}")
        report.recordLate(message: "\u{1B}[8m", location: nil)
        let texts = report.declared + report.failures.flatMap { [$0.test ?? "", $0.message, $0.location ?? ""] }
            + report.skipped.flatMap { [$0.test, $0.reason ?? ""] } + report.late.map(\.message)
            + [CompileError(file: "A.swift", line: 1, message: "\u{1B}[2Kok").message]
        XCTAssertFalse(texts.contains { $0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D || $0.value == 0x07 } }, "\(texts)")
        XCTAssertEqual(report.failures.count, 1, "one test, however its name was written")
    }
}
