import XCTest
@testable import KataGrading

/// What `grade.sh --doctor` ends with: the line an attendee pastes to the instructor.
final class DoctorScreenTests: XCTestCase {
    let summary = "kata-doctor READY | Ubuntu 24.04 | Swift 6.3.1 | XCTest ok | Swift Testing ok | 41 GB free | zsh"

    /// Issue 46: at 80 columns the grader's own wrapping broke the line after "XCTest ok |", and
    /// what was pasted was half a line. However narrow the terminal, it is one line, and the last.
    func test_theLineToPaste_isOneLine_andTheLast_atSixtyColumns() {
        for width in [60, 80, 40] {
            for ready in [true, false] {
                let style = Style(color: false, symbols: false, width: width, terminal: true)
                let lines = DoctorCommand.ending(summary: summary, ready: ready, report: ".build/kata/doctor.json",
                                                 sent: "Sent to the room: the instructor's page shows this machine ready (✓).", style: style)
                XCTAssertEqual(lines.last, summary, "width \(width)")
                XCTAssertEqual(lines.filter { $0.contains("kata-doctor") }.count, 1, lines.joined(separator: "\n"))
                XCTAssertTrue(lines.dropLast().allSatisfy { $0.count <= width }, lines.joined(separator: "\n"))
            }
        }
    }

    func test_aCheckoutWhoseReportCannotBeWritten_saysSo_andStillEndsWithTheLine() {
        let lines = DoctorCommand.ending(summary: summary, ready: false, report: nil, sent: nil, style: Style.plain)
        XCTAssertEqual(lines.last, summary)
        XCTAssertTrue(lines.joined(separator: " ").contains("No report file"), lines.joined(separator: "\n"))
    }
}
