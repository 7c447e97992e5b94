import Foundation
import XCTest

/// One exercise on two tracks (greeting-callback: XCTest done, Swift Testing started and
/// failing), and a helper file of the attendee's own, over the mini course: the grade, `--json`,
/// the text report and its Next card, `--list` and `--watch` say the same; a helper is compiled
/// with the exercise that calls it, named in the results, and at its own line when it does not
/// compile; `--watch` grades a save made during its first grade and a save of the helper. The bash
/// laptop self-test keeps what the room shows of two tracks.
extension MiniCourseTests {
    /// Whitespace runs as one space, so that words wrapped at 80 columns still read as written.
    static func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    func test_twoTracksOfOneExercise_andAHelperFile_saySameEverywhere_andWatchGradesTheirSaves() throws {
        let course = try course()
        let exercises = course.root.appendingPathComponent("Exercises")
        let xctest = exercises.appendingPathComponent("Greeting/GreetCallbackTests.swift")
        let swiftTesting = exercises.appendingPathComponent("Greeting/SwiftTesting/GreetCallbackSuite.swift")
        let helper = exercises.appendingPathComponent("Greeting/Helpers.swift")
        let shipped = try [xctest, swiftTesting].map { ($0, try Data(contentsOf: $0)) }
        defer {
            for (file, data) in shipped { try? data.write(to: file) }
            try? FileManager.default.removeItem(at: helper)
        }
        let solution = try String(contentsOf: course.root.appendingPathComponent("Solutions/Greeting/GreetCallbackTests.swift"), encoding: .utf8)
        let helperText = "import Foundation\n\n// A helper of my own.\nfunc helperGreeting() -> String { \"Hello\" }\n"
        let fixed = solution + "\nfinal class UsesHelper: XCTestCase { func test_helper() { XCTAssertFalse(helperGreeting().isEmpty) } }\n"
        try fixed.write(to: xctest, atomically: true, encoding: .utf8)
        try helperText.write(to: helper, atomically: true, encoding: .utf8)
        try course.append("\n// started, not done\n", to: "Exercises/Greeting/SwiftTesting/GreetCallbackSuite.swift", in: course.root)

        let grade = try course.grade(["--porcelain", "greeting-callback"])
        XCTAssertEqual([grade.verdict("greeting-callback"), grade.verdict("greeting-callback@swift-testing")], ["done", "failing"],
                       "each track its own verdict, the helper compiled with the exercise that calls it: \(grade)")
        XCTAssertEqual(grade.code, 0, "the exercise is done: \(grade)")
        let json = try course.grade(["--json", "greeting-callback"])
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
        let entries = try XCTUnwrap(results["exercises"] as? [[String: Any]], "\(json)")
        XCTAssertEqual("\(results["done"] ?? "-")/\(results["total"] ?? "-")", "1/1", "\(json)")
        XCTAssertEqual(entries.map { $0["exerciseStatus"] as? String }, ["done", "done"], "both entries say the exercise is done: \(json)")
        XCTAssertEqual(entries.map { "\($0["framework"] ?? "-")=\(($0["extraFiles"] as? [String] ?? []).joined(separator: "+"))" },
                       ["xctest=Greeting/Helpers.swift", "swift-testing="], "--json says which exercise a helper was graded with: \(json)")
        let text = try course.grade(["greeting-callback"])
        for words in ["greeting-callback@xctest", "greeting-callback@swift-testing", "is done in XCTest; your Swift Testing track of it is failing",
                      "graded with your Exercises/Greeting/Helpers.swift"] {
            XCTAssertTrue(Self.flat(text.output).contains(words), "the text report says \(words): \(text)")
        }
        _ = try course.grade(["--porcelain", "greeting-callback@swift-testing"])
        let list = try course.grade(["--list"])
        XCTAssertTrue(Self.flat(list.output).contains("[done · Swift Testing: failing]"),
                      "--list after grading one track keeps the other's done, and shows the one that disagrees: \(list)")

        // A helper that does not compile is named at its own file and line.
        try "import Foundation\n\nfunc helperGreeting() -> String {\n    return 42\n}\n".write(to: helper, atomically: true, encoding: .utf8)
        let broken = try course.grade(["--porcelain", "greeting-callback"])
        XCTAssertTrue(broken.reason("greeting-callback").contains("Exercises/Greeting/Helpers.swift:4:"), "\(broken)")
        try helperText.write(to: helper, atomically: true, encoding: .utf8)

        // --watch: broken first, fixed while its first grade runs; then the helper saved.
        try (fixed + "\nfinal class Broken: XCTestCase { func test_broken() { XCTFail(\"broken on purpose\") } }\n")
            .write(to: xctest, atomically: true, encoding: .utf8)
        let watch = try course.start(["--watch", "greeting-callback"])
        XCTAssertTrue(Self.waitFor("Watching greeting-callback", in: watch.1, seconds: 60), Self.text(watch.1))
        try fixed.write(to: xctest, atomically: true, encoding: .utf8)
        XCTAssertTrue(Self.waitFor("greeting-callback is done.", in: watch.1, seconds: 300), "a fix saved during the first grade is graded: \(Self.text(watch.1))")
        XCTAssertTrue(Self.waitFor("Waiting for you", in: watch.1, seconds: 120), Self.text(watch.1))
        let screen = Self.flat(Self.text(watch.1).components(separatedBy: "Watching greeting-callback").last ?? "")
        for words in ["greeting-callback@swift-testing", "failing", "optional practice"] {
            XCTAssertTrue(screen.contains(words), "--watch shows the other track's failure, as optional practice (\(words)): \(screen)")
        }
        try course.append("\n// a comment in my helper\n", to: "Exercises/Greeting/Helpers.swift", in: course.root)
        XCTAssertTrue(Self.waitFor("saved: Greeting/Helpers.swift", in: watch.1, seconds: 120),
                      "--watch re-grades an exercise when its helper is saved: \(Self.text(watch.1))")
        watch.0.interrupt()
        XCTAssertEqual(try course.finish(watch, timeout: 60).code, 130)

        // The whole course, XCTest broken and Swift Testing done: the exercise is done, so the
        // watch moves on to the next one not done, and never says "done, moving on" over a failure.
        try Data(contentsOf: course.root.appendingPathComponent("Solutions/Greeting/SwiftTesting/GreetCallbackSuite.swift")).write(to: swiftTesting)
        try course.append("\nfinal class Broken: XCTestCase { func test_broken() { XCTFail(\"broken on purpose\") } }\n",
                          to: "Exercises/Greeting/GreetCallbackTests.swift", in: course.root)
        let all = try course.start(["--watch"])
        XCTAssertTrue(Self.waitFor("Waiting for you", in: all.1, seconds: 300), Self.text(all.1))
        all.0.interrupt()
        _ = try course.finish(all, timeout: 60)
        let footer = Self.flat(Self.text(all.1).components(separatedBy: "\n").drop { $0.range(of: #"^[0-9]+/[0-9]+ done$"#, options: .regularExpression) == nil }
            .joined(separator: "\n"))
        XCTAssertTrue(footer.contains("Now: greeting-once ·"), "a full --watch moves on past an exercise done in one framework: \(footer)")
        XCTAssertFalse(Self.text(all.1).contains("Moving on"), "and never says done over a failure it shows: \(Self.text(all.1))")
    }
}
