import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// `--demo ID` is projected: every exercise's demo must fit a terminal of 80×24, whatever verdicts
/// its suites get, with each weak suite's own reason.
final class DemoScreenTests: XCTestCase {
    let root = KataCheckout.root

    func test_everyExercisesDemo_fitsOneScreenOf80By24_evenWithItsLongestVerdicts() throws {
        let catalog = try Catalog.load(from: root.appendingPathComponent("Catalog/catalog.json"))
        let style = Style(color: false, symbols: true, width: 80)
        for exercise in catalog.exercises {
            let weak = DemoCommand.loadSuites(in: root, exercise: exercise)
                .filter { $0.graderOnly == nil }
            let suites = [DemoCommand.Suite(name: DemoScreen.solutionName, why: "", expected: .done, graderOnly: nil, weak: nil)] + weak
            // The verdict each suite is kept to get, with as many bugs caught as any exercise has.
            let verdicts = suites.map { suite in
                Verdict(kind: suite.expected, reason: "", chaffsCaught: 12, chaffsTotal: 12)
            }
            // The first build's note and the kept runs' line, both (a screen shows one or the other).
            let screen = DemoScreen(style: style, exercise: exercise)
                .screen(suites, verdicts: verdicts, firstBuild: true, keptSince: Date(timeIntervalSinceNow: -2 * 86_400))
            XCTAssertLessThanOrEqual(screen.count, DemoScreen.maxLines, "\(exercise.id):\n" + screen.joined(separator: "\n"))
            for line in screen { XCTAssertLessThanOrEqual(line.count, 80, "\(exercise.id): \(line)") }
            for suite in weak {
                XCTAssertTrue(screen.contains("   " + suite.why), "\(exercise.id)/\(suite.name)'s reason is shown whole, on one line")
            }
        }
    }

    func test_aGraderOnlySuite_isLeftOutOfTheDemo() throws {
        let catalog = try Catalog.load(from: root.appendingPathComponent("Catalog/catalog.json"))
        let exercise = try XCTUnwrap(catalog.exercises.first { $0.id == "swift-concurrency-confirmation" })
        let suites = DemoCommand.loadSuites(in: root, exercise: exercise)
        XCTAssertNotNil(suites.first { $0.name == "suite-without-default-init" }?.graderOnly)
        XCTAssertEqual(suites.first { $0.name == "confirm-after-return" }?.why,
                       "Its body returns before listen does, so confirmation counts 0 calls.")
    }

    func test_anExpectedFile_readsItsVerdictAndKeys() {
        let read = WeakSuite.Expected.parse("rejects correct code\nrejected-by: slow-read\nwhy: Sleeps 150 ms.\nwhy-not: x\n")
        XCTAssertEqual(read, WeakSuite.Expected(verdict: .rejectsCorrectCode, firstLine: "rejects correct code", why: "Sleeps 150 ms.", rejectedBy: "slow-read",
                                                graderOnly: nil, unknownKeys: ["why-not"]))
        let unknown = WeakSuite.Expected.parse("rejects correct cod\nwhy: x\n")
        XCTAssertNil(unknown.verdict, "a first line that is no verdict is none")
        XCTAssertEqual(unknown.firstLine, "rejects correct cod", "and is kept for the maintainers' check to name")
    }
}
