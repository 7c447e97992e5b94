import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// Issue 46: messages on a terminal cut mid-word. Each wraps at words, keeps its units, and a
/// command to paste stays whole.
final class TerminalWordsTests: XCTestCase {
    let root = KataCheckout.root

    /// The waiting line lost its unit at 80 columns ("a hung test is stopped at 10"): it takes the
    /// longest wording that fits, whole.
    func test_theWaitingLine_fitsEveryWidth_withItsUnits() throws {
        let course = try Course(paths: KataPaths(root: root))
        let longest = try XCTUnwrap(course.catalog.allTracks.max { $0.key.count < $1.key.count })
        for width in [20, 40, 60, 80, 100] {
            let line = WaitingLine(style: Style(color: false, symbols: true, width: width)).text(longest, seconds: 4)
            XCTAssertLessThanOrEqual(line.count, max(width - 1, 16), "\(width): \(line)")
            XCTAssertTrue(line.hasSuffix(" s") || line.hasSuffix(" s)"), "\(width): \(line)")
        }
        XCTAssertEqual(WaitingLine(style: Style(color: false, symbols: true, width: 100)).text(longest, seconds: 4),
                       "… waiting 4 s for \(longest.key); a hung test is stopped at \(NextStep.seconds(longest.timeLimit)) s")
    }

    /// Issue 46: a fresh clone's first grade held the prompt for minutes with only a counter. The
    /// build's line says how long it has taken and, once a tenth is done, about how long is left.
    func test_theBuildLine_saysTheTimeSoFar_andAboutHowLongIsLeft() {
        XCTAssertEqual(BuildProgress.line("[3/71]", seconds: 4), "building [3/71], 4 s")
        XCTAssertEqual(BuildProgress.line("[24/71]", seconds: 70), "building [24/71], 1 min 10 s, about 2 min 20 s left")
        XCTAssertEqual(BuildProgress.line("[70/71]", seconds: 200), "building [70/71], 3 min 20 s")
        XCTAssertLessThan(BuildProgress.line("[240/1000]", seconds: 599).count, 78)
    }

    /// Issue 46: a message that starts with a path ("Scripts/grade.sh differs from the kata as
    /// shipped, …") was taken for a command and broken with backslashes; the command it ends with
    /// stays whole, and the prose wraps at words.
    func test_aMessageThatStartsWithAPath_isProse_andItsCommandEndsItWhole() {
        let message = "grade.sh: " + ShippedKata.Difference(file: "Scripts/grade.sh", kind: .changed).description
        XCTAssertEqual(ShellCommand.trailing(in: message)?.words, ["git", "checkout", "--", "Scripts/grade.sh"])
        XCTAssertNil(ShellCommand.trailing(in: "grade.sh: Scripts/grade.sh differs from the kata as shipped, and verdicts depend on it (see Catalog/README.md.)"))
        for width in [60, 80] {
            let lines = Style(color: false, symbols: false, width: width, terminal: true).message(message).split(separator: "\n").map(String.init)
            XCTAssertFalse(lines.contains { $0.hasSuffix("\\") }, "\(width): \(lines)")
            XCTAssertTrue(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
            XCTAssertTrue(lines.last?.hasSuffix("git checkout -- Scripts/grade.sh") ?? false, "\(width): \(lines)")
        }
    }
}
