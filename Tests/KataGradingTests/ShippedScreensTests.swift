import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// What a person reads of the shipped course at 80 columns, without a build: every track's
/// `--hint` (the text `grade.sh --hint` prints) fits 80 columns and a screen of 24 lines, the
/// shell's prompt on the last; every track's `--solution`, on a terminal, fits 80 columns but for
/// lines that cannot break, and piped, is a patch that `git apply` takes on the starters.
/// (`--list` and a grade of the starters: KataEndToEndTests' `ShippedCourseScreensTests`.)
final class ShippedScreensTests: XCTestCase {
    let root = KataCheckout.root

    func test_everyTracksHint_fitsAScreenOf80By24() throws {
        let course = try Course(paths: KataPaths(root: root))
        let style = Style(color: false, symbols: true, width: 80)
        for track in course.catalog.allTracks {
            let source = track.files.last.flatMap { try? course.starterStore.starterText(track, $0) }.flatMap { String(data: $0, encoding: .utf8) }
            let lines = HintCommand.text(track, catalog: course.catalog, style: style, testSource: source).components(separatedBy: "\n")
            XCTAssertLessThanOrEqual(lines.count, 23, "--hint \(track.trackKey)")
            XCTAssertEqual(lines.filter { $0.count > 80 }, [], "--hint \(track.trackKey) fits 80 columns")
        }
    }

    /// Issue 46: on a terminal, `--solution` reflowed code and split string literals mid-word.
    /// Code is never wrapped: every line of the terminal's diff is the patch's line as it is (but
    /// for the labels), and a diff wider or taller than the terminal ends by saying how to read
    /// it whole, in a pager, with the command on a line of its own.
    func test_everyTracksSolution_onATerminal_isNeverWrapped_andSaysHowToReadItWhole() throws {
        let course = try Course(paths: KataPaths(root: root))
        let style = Style(color: false, symbols: true, width: 80, height: 24, terminal: true)
        for track in course.catalog.allTracks {
            let text = try SolutionDiff.text(track, store: course.starterStore, style: style, runner: ProcessRunner())
            let patch = try SolutionDiff.text(track, store: course.starterStore, style: style, patch: true, runner: ProcessRunner())
            let patchLines = patch.components(separatedBy: "\n").filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
            let shown = text.components(separatedBy: "\n")
            let diffLines = shown.filter { !$0.hasPrefix("+++") && !$0.hasPrefix("---") }.prefix(patchLines.count)
            XCTAssertEqual(Array(diffLines), patchLines, "--solution \(track.trackKey): the code as it is, never continued")
            let wide = shown.contains { $0.count > 80 }
            if wide || shown.count > 23 {
                XCTAssertEqual(shown.last, "  Scripts/grade.sh --solution \(track.key) | less -S", "--solution \(track.trackKey)")
            }
        }
    }

    /// `--solution ID | git apply` gives an attendee the solution: every track's patch applies to
    /// the starters as shipped (written from Catalog/starters.json, as a reset writes them).
    func test_everyTracksSolution_piped_isAPatchThatAppliesToTheStarters() throws {
        guard let git = ExecutableSearch.which("git") else { throw XCTSkip("no git on the PATH") }
        let course = try Course(paths: KataPaths(root: root))
        let style = Style(color: false, symbols: false, width: 80)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-solutions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for track in course.catalog.allTracks {
            for file in track.files {
                let starter = folder.appendingPathComponent("Exercises/\(course.starterStore.key(track, file))")
                try FileManager.default.createDirectory(at: starter.deletingLastPathComponent(), withIntermediateDirectories: true)
                try course.starterStore.starterText(track, file).write(to: starter)
            }
        }
        for track in course.catalog.allTracks {
            let patch = try SolutionDiff.text(track, store: course.starterStore, style: style, patch: true, runner: ProcessRunner())
            XCTAssertTrue(patch.hasPrefix("--- a/Exercises/") && patch.contains("\n+++ b/Exercises/"), "\(track.trackKey): \(patch.prefix(200))")
            let file = folder.appendingPathComponent("\(track.trackKey).patch")
            try Data((patch + "\n").utf8).write(to: file)
            let applied = try ProcessRunner().run(git, ["-C", folder.path, "apply", "--check", file.path], timeout: 60,
                                                       log: folder.appendingPathComponent("apply.log"))
            XCTAssertEqual(applied.termination, .exited(0), "--solution \(track.trackKey) | git apply: \(applied.output)")
        }
    }
}
