import Foundation
import XCTest

/// The kata's own files edited by hand (issue 31 §3), over the mini course: the catalog, a legacy
/// source and a variant each stop the grade before anything is built, naming the file and the
/// command that restores it, and leave nothing in the system's temporary folder. The self-test
/// keeps the real course's kept Swift version edited by hand, which needs an exercise that
/// requires a newer Swift.
extension MiniCourseTests {
    func test_theKatasOwnFilesEditedByHand_stopTheGrade_withTheCommandThatRestoresThem() throws {
        let course = try MiniCourse()
        defer { course.remove() }
        let temporary = course.folder.appendingPathComponent("system-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        for file in ["Catalog/catalog.json", "Sources/Greeting/Greeter.swift", "Catalog/Variants/Greeting/answers-later.wheat"] {
            let url = course.root.appendingPathComponent(file)
            let shipped = try Data(contentsOf: url)
            try course.append("\n", to: file, in: course.root)
            let grade = try course.grade(["--porcelain", "greeting-once"], environment: ["TMPDIR": temporary.path])
            try shipped.write(to: url)
            XCTAssertEqual(grade.code, 3, "\(file): \(grade)")
            XCTAssertTrue(grade.errors.contains("git checkout -- \(file)"), "\(file): the command that restores it: \(grade)")
            XCTAssertEqual(grade.output, "", "\(file): no verdict: \(grade)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: course.root.appendingPathComponent(".build/kata/exercises/.build").path),
                           "\(file): nothing built")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "nothing left in the system's temporary folder")
    }
}
