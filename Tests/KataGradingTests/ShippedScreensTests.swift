import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// What a person reads of the shipped course at 80 columns, without a build: every track's
/// `--hint` (the text `grade.sh --hint` prints) fits 80 columns and a screen of 24 lines, the
/// shell's prompt on the last.
final class ShippedScreensTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
}
