import Foundation
import XCTest

/// The fallback to `swift test` in real grades, when XCTest's private channel is made silent
/// (`--fail-private-channel=xctest`, the maintainers' switch): the verdicts are still right, each
/// marked as made through `swift test`, the notice said once, and the room still receives them.
/// (`Scripts/doctor-selftest.sh` keeps the doctor, whose probes are the real course's exercises.)
///
/// Its name sorts after `test_fromTheShippedStartersToDone…`, which needs the grader's copy of the
/// checkout's `Exercises/` never built: this test grades them.
extension MiniCourseTests {
    func test_withTheChannelSilent_theVerdictsStayRight_markedAndSentToTheRoom() throws {
        let course = try course()
        let scratch = try Scratch(test: self)
        let room = try ServedRoom.start(try scratch.checkout("room", catalog: MiniCourse.source.appendingPathComponent("Catalog")), in: self)
        let joined = try course.grade(["--join", room.joinURL, "--name", "Silent Channel"], timeout: 60)
        XCTAssertEqual(joined.code, 0, "\(joined)")
        defer { _ = try? course.grade(["--leave"], timeout: 60) }

        // The room gets the verdicts of Exercises/ only: one grade of two tracks there, a weak
        // suite (it waits for the greeting and checks nothing: a second call gets through) and a
        // solution; the starters are put back after it.
        let exercises = course.root.appendingPathComponent("Exercises/Greeting")
        for file in ["GreetOnceTests.swift", "GreetOnMainTests.swift"] {
            let starter = try Data(contentsOf: exercises.appendingPathComponent(file))
            addTeardownBlock { try? starter.write(to: exercises.appendingPathComponent(file)) }
        }
        try Data(Self.waitsAndChecksNothing.utf8).write(to: exercises.appendingPathComponent("GreetOnceTests.swift"))
        try Data(contentsOf: course.root.appendingPathComponent("Solutions/Greeting/GreetOnMainTests.swift"))
            .write(to: exercises.appendingPathComponent("GreetOnMainTests.swift"))
        let json = course.folder.appendingPathComponent("silent-channel.json")
        let grade = try course.grade(["--fail-private-channel=xctest", "greeting-once", "greeting-on-main", "--json=\(json.path)"])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        let verdicts = (report?["exercises"] as? [[String: Any]] ?? []).filter { $0["framework"] as? String == "xctest" }
            .map { "\($0["id"] as? String ?? "")=\($0["status"] as? String ?? "")/\($0["route"] as? String ?? "")" }
        XCTAssertEqual(verdicts, ["greeting-once=misses bugs/swift-test", "greeting-on-main=done/swift-test"],
                       "a weak suite still misses bugs and a solution is still done, both through swift test: \(grade)")
        XCTAssertEqual(grade.output.components(separatedBy: "Graded with `swift test`").count - 1, 2,
                       "each such verdict says it is less protected: \(grade)")
        XCTAssertEqual(grade.errors.components(separatedBy: "did not report through the grader").count - 1, 1, "the notice comes once: \(grade)")
        XCTAssertEqual(room.verdict(of: "Silent Channel", "greeting-on-main"), "done", "the room still receives the verdicts: \(grade)")
        XCTAssertEqual(room.verdict(of: "Silent Channel", "greeting-once"), "misses bugs", "\(grade)")
        room.stop()
    }

    /// Whether the private channel works is the canary's to say (the grader's own test, run alone
    /// from the same binary), never an attendee's run: in each way the canary can fail (the
    /// self-test's switch forces one at a time), XCTest is graded through `swift test`, said once
    /// with why, and the verdicts stay right; a run silenced on its own (`EXERCISE:runs`, as a test
    /// that silences its own run) fails that exercise only, switches nothing, and the next grade
    /// without it uses the private channel again.
    func test_theCanaryDecidesTheRoute_eachWayItFails_andARunSilentOnItsOwnFailsOnlyItsExercise() throws {
        let course = try course()
        func verdicts(_ json: URL) throws -> [String] {
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
            return (report?["exercises"] as? [[String: Any]] ?? []).filter { $0["framework"] as? String == "xctest" }
                .map { "\($0["id"] as? String ?? "")=\($0["status"] as? String ?? "")/\($0["route"] as? String ?? "")" }
        }
        let shapes = [("silent", "the grader's own test reported nothing through it"),
                      ("exit", "the grader's own test exited with code 3"),
                      ("trap", "the grader's own test trapped"),
                      ("refuse", "the testing helper could not open the test binary")]
        for (shape, why) in shapes {
            let json = course.folder.appendingPathComponent("canary-\(shape).json")
            let grade = try course.grade(["--fail-private-channel=xctest:\(shape)", "--solutions", "--regrade",
                                          "greeting-once", "greeting-on-main", "--json=\(json.path)"])
            XCTAssertEqual(try verdicts(json), ["greeting-once=done/swift-test", "greeting-on-main=done/swift-test"], "\(shape): \(grade)")
            XCTAssertEqual(grade.errors.components(separatedBy: "did not report through the grader").count - 1, 1,
                           "\(shape): the notice comes once: \(grade)")
            XCTAssertTrue(grade.errors.contains(why), "\(shape): the notice says why: \(grade)")
        }

        let silenced = course.folder.appendingPathComponent("canary-runs.json")
        let grade = try course.grade(["--fail-private-channel=greeting-once:runs", "--solutions", "--regrade",
                                      "greeting-once", "greeting-on-main", "--json=\(silenced.path)"])
        XCTAssertEqual(try verdicts(silenced), ["greeting-once=failing/private-channel", "greeting-on-main=done/private-channel"],
                       "the silent run fails its own exercise, and nothing else changes: \(grade)")
        XCTAssertTrue(grade.output.contains("silenced its own results"), "\(grade)")
        XCTAssertFalse(grade.errors.contains("did not report through the grader"), "no switch to swift test: \(grade)")

        let next = course.folder.appendingPathComponent("canary-after.json")
        let after = try course.grade(["--solutions", "--regrade", "greeting-once", "--json=\(next.path)"])
        XCTAssertEqual(try verdicts(next), ["greeting-once=done/private-channel"], "the next grade uses the private channel: \(after)")
    }

    /// Under `--watch`: a run silenced on its own (the switch silences the exercise's runs only while
    /// its files are as at its first run, as a test the attendee then reverts) fails that exercise,
    /// switches nothing, and the save after it is graded through the private channel, done.
    func test_underWatch_aRunSilentOnItsOwnFailsItsExercise_andTheNextSaveUsesThePrivateChannel() throws {
        let course = try course()
        let file = course.root.appendingPathComponent("Exercises/Greeting/GreetOnceTests.swift")
        let starter = try Data(contentsOf: file)
        addTeardownBlock { try? starter.write(to: file) }
        try Data(contentsOf: course.root.appendingPathComponent("Solutions/Greeting/GreetOnceTests.swift")).write(to: file)
        let watch = try course.start(["--watch", "greeting-once", "--fail-private-channel=greeting-once:runs"])
        XCTAssertTrue(Self.waitFor("silenced its own results", in: watch.1, seconds: 300), Self.text(watch.1))
        XCTAssertTrue(Self.waitFor("Waiting for you", in: watch.1, seconds: 120), Self.text(watch.1))
        try course.append("\n// saved again\n", to: "Exercises/Greeting/GreetOnceTests.swift", in: course.root)
        XCTAssertTrue(Self.waitFor("greeting-once is done.", in: watch.1, seconds: 300),
                      "the save after it is graded through the private channel: \(Self.text(watch.1))")
        watch.0.interrupt()
        let finished = try course.finish(watch, timeout: 60)
        XCTAssertFalse(finished.errors.contains("did not report through the grader"), "no switch to swift test: \(finished)")
        XCTAssertFalse(Self.text(watch.1).contains("Graded with `swift test`"), "\(finished)")
    }

    /// greeting-once's solution without its count: it waits for the greeting, then checks nothing.
    static let waitsAndChecksNothing = """
        // Exercise greeting-once
        // A callback must come once: count the calls, and check the count when the work is over.
        import XCTest
        @testable import Greeting

        final class GreetOnceTests: XCTestCase {
            func testGreetCallsBackExactlyOnce() {
                let greeted = expectation(description: "greeted")
                Greeter().greet("Ada") { _ in greeted.fulfill() }
                wait(for: [greeted], timeout: 2)
            }
        }

        """
}
