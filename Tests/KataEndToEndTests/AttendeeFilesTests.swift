import Foundation
import XCTest

/// An attendee's files as editors and habits leave them, over the mini course: a starter an
/// editor saved with a BOM, CRLF and trailing spaces; a test file moved to another folder; an
/// exercise file that is a symlink to a read-only file, reset and undone through the link; and
/// two resets, either of which `--undo-reset` puts back. After each grade, no attendee file is lost
/// or changed. The bash laptop self-test keeps what needs a real download, users, a terminal or the
/// shells a printed command is pasted into.
extension MiniCourseTests {
    func test_aStarterAnEditorResaved_isNotStarted_andAMovedTestFile_isFoundByItsName() throws {
        let course = try MiniCourse()
        defer { course.remove() }
        let exercises = course.root.appendingPathComponent("Exercises")
        let file = exercises.appendingPathComponent("Greeting/GreetOnceTests.swift")
        let starter = try String(contentsOf: file, encoding: .utf8)
        let lines = starter.split(separator: "\n", omittingEmptySubsequences: false).dropLast(starter.hasSuffix("\n") ? 1 : 0)
        try Data(("\u{FEFF}" + lines.map { $0 + "  \r\n" }.joined() + "\r\n").utf8).write(to: file)
        var before = try Self.contents(of: exercises)
        var grade = try course.grade(["--porcelain", "greeting-once"])
        XCTAssertEqual(grade.verdict("greeting-once"), "not started", "a BOM, CRLF and trailing spaces change no code: \(grade)")
        XCTAssertEqual(try Self.contents(of: exercises), before, "no attendee file lost or changed")

        try (starter + "\n// work of mine\n").write(to: file, atomically: true, encoding: .utf8)
        let moved = exercises.appendingPathComponent("Greeting/Moved")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: file, to: moved.appendingPathComponent("GreetOnceTests.swift"))
        before = try Self.contents(of: exercises)
        grade = try course.grade(["--porcelain", "greeting-once"])
        XCTAssertTrue((grade.output + grade.errors).contains("Exercises/Greeting/Moved/GreetOnceTests.swift looks like it (the same name, in another folder)"),
                      "names the file in the other folder: \(grade)")
        XCTAssertEqual(try Self.contents(of: exercises), before, "no attendee file lost or changed")
    }

    func test_resetThroughASymlink_keepsTheLinkAndTheReadOnlyMode_andUndoResetPutsBackEitherOfTwoResets() throws {
        let course = try MiniCourse()
        defer { course.remove() }
        let file = course.root.appendingPathComponent("Exercises/Greeting/GreetOnceTests.swift")
        let starter = try String(contentsOf: file, encoding: .utf8)
        let outside = course.folder.appendingPathComponent("outside/linked.swift")
        try FileManager.default.createDirectory(at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (starter + "\n// linked work\n").write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: outside.path)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)

        var grade = try course.grade(["--reset", "greeting-once", "--yes"])
        XCTAssertEqual(try? FileManager.default.destinationOfSymbolicLink(atPath: file.path), outside.path, "the exercise file stays a link: \(grade)")
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), starter, "the file it points to holds the starter: \(grade)")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: outside.path)[.posixPermissions] as? Int), 0o444, "and stays read-only")
        grade = try course.grade(["--undo-reset", "--yes"])
        XCTAssertTrue(try String(contentsOf: outside, encoding: .utf8).contains("linked work"), "--undo-reset puts the work back through the link: \(grade)")
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: file.path), "still a link")
        try FileManager.default.removeItem(at: file)
        try starter.write(to: file, atomically: true, encoding: .utf8)

        try course.append("\n// version one\n", to: "Exercises/Greeting/GreetOnceTests.swift", in: course.root)
        XCTAssertEqual(try course.grade(["--reset", "greeting-once", "--yes"]).code, 0)
        try course.append("\n// version two\n", to: "Exercises/Greeting/GreetOnceTests.swift", in: course.root)
        XCTAssertEqual(try course.grade(["--reset", "greeting-once", "--yes"]).code, 0)
        grade = try course.grade(["--undo-reset", "--yes"])
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("version two"), "--undo-reset puts back the last reset: \(grade)")
        let older = grade.output.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.range(of: "^  [0-9]+\\. .*greeting-once", options: .regularExpression) else { return nil }
            return String(line[match].dropFirst(2).prefix { $0.isNumber })
        }.first
        let number = try XCTUnwrap(older, "lists the older backup with its number: \(grade)")
        grade = try course.grade(["--undo-reset", number, "--yes"])
        let now = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(now.contains("version one") && !now.contains("version two"), "--undo-reset \(number) puts back that older backup: \(grade)")
        let kept = try Self.files(under: course.root.appendingPathComponent(".kata")).compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        XCTAssertTrue(kept.contains { $0.contains("version two") }, "and keeps what it replaced: \(grade)")
    }
}
