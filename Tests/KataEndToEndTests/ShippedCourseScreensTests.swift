import Foundation
import XCTest

/// The shipped course's own screens, from the real grader binary over a copy of the kata's
/// catalog, sources, scripts and starters (no build: none of these needs one): `--list` at 80 columns and
/// on a screen of 24 lines, a fresh clone's first grade, every exercise a starter, and `--merge` of
/// a room's results files.
final class ShippedCourseScreensTests: XCTestCase {
    func test_theListAndAFreshClonesGrade_fitTheScreen() throws {
        let kata = MiniCourseTests.kata
        let course = try MiniCourse(of: kata, entries: ["Package.swift", "Catalog", "Sources", "Scripts", "Exercises", "Solutions"])
        defer { course.remove() }
        let porcelain = try course.grade(["--list", "--porcelain"])
        XCTAssertEqual(porcelain.code, 0, "\(porcelain)")
        let ids = porcelain.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.filter { !$0.contains("@") }
        XCTAssertGreaterThan(ids.count, 20, "\(porcelain)")

        let list = try course.grade(["--list"], environment: MiniCourseTests.screen)
        XCTAssertEqual(MiniCourseTests.wider(list.output), [], "--list fits 80 columns")
        let words = Set(list.output.split(whereSeparator: \.isWhitespace).map(String.init))
        XCTAssertEqual(ids.filter { !words.contains($0) }, [], "--list shows every id whole: \(list.output)")

        // On a screen of 24 lines the whole course fits: two columns, every number.
        let short = try course.grade(["--list"], environment: MiniCourseTests.screen.merging(["LINES": "24"]) { $1 })
        XCTAssertEqual(MiniCourseTests.wider(short.output), [], "--list on 24 lines fits 80 columns")
        XCTAssertLessThanOrEqual(MiniCourseTests.lineCount(short.output), 23, "\(short.output)")
        let pattern = try NSRegularExpression(pattern: "(?:^| )([ 0-9][0-9]) ", options: [.anchorsMatchLines])
        let text = short.output as NSString
        let numbers = Set(pattern.matches(in: short.output, range: NSRange(location: 0, length: text.length)).compactMap {
            Int(text.substring(with: $0.range(at: 1)).trimmingCharacters(in: .whitespaces))
        })
        XCTAssertEqual(numbers, Set(1...ids.count), "--list on 24 lines shows every exercise's number: \(short.output)")

        // A fresh clone's first grade: the copy the next grade needs counts as built here, so that
        // the grade builds nothing after its verdicts (the mini course's tests check that build).
        try FileManager.default.createDirectory(at: course.root.appendingPathComponent(".build/kata/exercises/.build"),
                                                withIntermediateDirectories: true)
        let grade = try course.grade([], environment: MiniCourseTests.screen)
        XCTAssertEqual(grade.code, 1, "\(grade.errors)")
        XCTAssertEqual(MiniCourseTests.wider(grade.output), [], "a grade of the starters fits 80 columns")
        // A fresh clone also reads the one line that says the copy is being built (the mini course's test).
        XCTAssertLessThanOrEqual(MiniCourseTests.lineCount(grade.output) + 1, 23, "and a screen of 24 lines: \(grade.output)")
        XCTAssertTrue(grade.output.contains("\n-- \(ids.count) not started: "), "its not-started exercises in one line: \(grade.output)")

        // A room of the whole course, without a network: its grid fits 80 columns too.
        try MiniCourseTests.checkMerge(in: course)
    }
}
