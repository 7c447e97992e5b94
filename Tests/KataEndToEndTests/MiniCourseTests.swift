import Foundation
import XCTest

/// The real grader binary over a mini course (`MiniCourse/`: one legacy module, three exercises,
/// one of them on two tracks), end to end: from the shipped starters to done, through every
/// kind of fault, the runs it keeps, the build replay, a timing change the grader generates and
/// replays by its seed, and two grades at once. What the kata's
/// bash self-test checked of the grader's mechanics it checks here, in a few minutes, under
/// `swift test`; the self-test keeps what needs the real course or `grade.sh` itself.
///
/// One copy of the course serves every test (a cold build of it is the slow part): each test
/// grades folders of its own with `--from`, or the checkout's `Exercises/`, which it puts back as
/// shipped, so no test sees another's files.
final class MiniCourseTests: XCTestCase {
    static let tracks = ["greeting-callback", "greeting-callback@swift-testing", "greeting-once", "greeting-on-main"]
    nonisolated(unsafe) static var shared: MiniCourse?

    /// The course all tests share, made on first use.
    func course() throws -> MiniCourse {
        if let course = Self.shared { return course }
        guard MiniCourse.grader != nil else { throw XCTSkip("no KataGrader beside the test product: build it with `swift build --build-tests`") }
        let course = try MiniCourse()
        Self.shared = course
        return course
    }

    override class func tearDown() {
        shared?.remove()
        shared = nil
        super.tearDown()
    }

    func test_fromTheShippedStartersToDone_andAFullGradeThatRunsOnlyWhatChanged() throws {
        let course = try course()
        var grade = try course.grade(["--check-starters"])
        XCTAssertEqual(grade.code, 0, "Catalog/starters.json records the starters: \(grade)")

        grade = try course.grade(["--porcelain"])
        XCTAssertEqual(grade.code, 1, "\(grade)")
        XCTAssertEqual(grade.lines.map { $0[1] }, ["not started", "not started", "not started"], "\(grade)")
        XCTAssertTrue(grade.reason("greeting-once").contains("Exercises/Greeting/GreetOnceTests.swift is still the starter"), "\(grade)")
        // Untouched starters need no build for their verdicts, and a script's grade builds nothing
        // more. A person's first grade builds the copy after them, for the next grade
        // (`Grader.prepareCopy`), and says so.
        let exercisesCopy = course.root.appendingPathComponent(".build/kata/exercises")
        XCTAssertFalse(FileManager.default.fileExists(atPath: exercisesCopy.appendingPathComponent(".build").path),
                       "untouched starters need no build, and --porcelain builds none ahead")
        grade = try course.grade([])
        XCTAssertEqual(grade.code, 1, "nothing done yet: \(grade)")
        XCTAssertTrue(grade.errors.contains("Building the grader's copy of the kata, once"), "\(grade)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: exercisesCopy.appendingPathComponent(".build/kata-last-build.json").path),
                      "the first grade leaves the copy built: \(grade)")
        // The attendee's first edit, then one in the other framework: neither builds cold (the
        // legacy module is not compiled again).
        for (key, file) in [("greeting-once", "Greeting/GreetOnceTests.swift"),
                            ("greeting-callback@swift-testing", "Greeting/SwiftTesting/GreetCallbackSuite.swift")] {
            let exercise = course.root.appendingPathComponent("Exercises/\(file)")
            let starter = try Data(contentsOf: exercise)
            try Data(contentsOf: course.root.appendingPathComponent("Solutions/\(file)")).write(to: exercise)
            grade = try course.grade(["--porcelain", key])
            try starter.write(to: exercise)
            XCTAssertEqual(grade.verdict(key), "done", "\(grade)")
            XCTAssertFalse(grade.errors.contains("First build of the grader's copy"), "\(key): \(grade)")
            let log = try String(contentsOf: exercisesCopy.appendingPathComponent("build.log"), encoding: .utf8)
            XCTAssertFalse(log.contains("Compiling Greeting "), "\(key): the legacy module was built by the first grade: \(log)")
        }

        let starters = try course.copy("Exercises", as: "starters")
        grade = try course.grade(["--porcelain", "--from", starters.path])
        for key in Self.tracks { XCTAssertEqual(grade.verdict(key), "failing", "\(key) as shipped compiles and fails: \(grade)") }
        XCTAssertTrue(grade.reason("greeting-once").contains("not written yet"), "\(grade)")

        // Made anew (another test may have graded the same files, and kept their runs).
        let solutions = try course.copy("Solutions", as: "solutions")
        let json = course.folder.appendingPathComponent("results.json")
        grade = try course.grade(["--porcelain", "--regrade", "--json=\(json.path)", "--from", solutions.path])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        for key in Self.tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
        XCTAssertTrue(grade.reason("greeting-callback").contains("caught 2 of 2 planted bugs, and passes 1 correct variant"), "\(grade)")
        XCTAssertEqual(grade.unchanged, [], "--regrade makes every run")
        var report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        var entries = report?["exercises"] as? [[String: Any]] ?? []
        XCTAssertEqual(report?["status"] as? String, "pass")
        XCTAssertEqual(entries.count, 4)
        XCTAssertTrue(entries.allSatisfy { $0["unchangedSince"] is NSNull && ($0["seconds"] as? Double ?? 0) > 0 }, "\(entries)")

        // Nothing changed: every track is judged again from the runs kept, with no build.
        let buildLog = course.root.appendingPathComponent(".build/kata/planted/build.log")
        let built = try FileManager.default.attributesOfItem(atPath: buildLog.path)[.modificationDate] as? Date
        grade = try course.grade(["--porcelain", "--json=\(json.path)", "--from", solutions.path])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertEqual(Set(grade.unchanged), Set(Self.tracks), "\(grade)")
        XCTAssertTrue(grade.reason("greeting-callback").hasPrefix("caught 2 of 2 planted bugs"), "the same judge's words: \(grade)")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: buildLog.path)[.modificationDate] as? Date, built, "no build")
        report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        entries = report?["exercises"] as? [[String: Any]] ?? []
        XCTAssertTrue(entries.allSatisfy { ($0["unchangedSince"] as? String)?.hasSuffix("Z") == true && $0["seconds"] as? Double == 0 },
                      "\(entries)")

        // One file edited: its track alone is graded anew.
        try course.append("\nprivate func endToEndEdit() -> Int { 1 }\n", to: "Greeting/GreetOnceTests.swift", in: solutions)
        grade = try course.grade(["--porcelain", "--from", solutions.path])
        for key in Self.tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
        XCTAssertEqual(Set(grade.unchanged), Set(Self.tracks).subtracting(["greeting-once"]), "\(grade)")

        grade = try course.grade(["--porcelain", "--regrade", "--from", solutions.path])
        for key in Self.tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
        XCTAssertEqual(grade.unchanged, [], "--regrade makes every run again: \(grade)")

        // A legacy file: every track depends on it. Refused until a maintainer records it.
        try course.append("\n// an edit of the legacy module\n", to: "Sources/Greeting/Greeter.swift", in: course.root)
        grade = try course.grade(["--porcelain", "--from", solutions.path])
        XCTAssertEqual(grade.code, 3, "\(grade)")
        XCTAssertTrue(grade.errors.contains("git checkout -- Sources/Greeting/Greeter.swift"), "\(grade)")
        XCTAssertTrue(grade.errors.contains("Sources/Greeting/Greeter.swift differs from the kata as shipped"), "\(grade)")
        XCTAssertEqual(grade.errors.split(separator: "\n").count, 1, "one line names the file and how to restore it: \(grade)")
        XCTAssertEqual(try course.grade(["--refresh-starters"]).code, 0)
        grade = try course.grade(["--porcelain", "--from", solutions.path])
        for key in Self.tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
        XCTAssertEqual(grade.unchanged, [], "an edit of the legacy module: \(grade)")
    }

    func test_aFaultInOneTrack_leavesEveryOtherVerdictAlone() throws {
        let course = try course()
        let planted = try course.copy("Solutions", as: "planted")
        try course.append("\nprivate let plantedError: Int = \"not a number\"\n", to: "Greeting/GreetCallbackTests.swift", in: planted)
        try course.append("""

            final class PlantedHang: XCTestCase {
                func test_waitsForever() { Thread.sleep(forTimeInterval: 3600) }
            }

            """, to: "Greeting/GreetOnceTests.swift", in: planted)
        try course.append("""

            final class PlantedDeadlock: XCTestCase {
                func test_syncsOntoItsOwnQueue() { DispatchQueue.main.sync {} }
            }

            """, to: "Greeting/GreetOnMainTests.swift", in: planted)
        let started = Date()
        let grade = try course.grade(["--porcelain", "--regrade", "--from", planted.path])
        XCTAssertEqual(grade.code, 1, "\(grade)")
        XCTAssertEqual(grade.verdict("greeting-callback"), "does not compile", "\(grade)")
        XCTAssertTrue(grade.reason("greeting-callback").contains("Greeting/GreetCallbackTests.swift:19:"), "file:line: \(grade)")
        XCTAssertEqual(grade.verdict("greeting-callback@swift-testing"), "done", "the other track of the same exercise: \(grade)")
        XCTAssertEqual(grade.verdict("greeting-once"), "hangs", "\(grade)")
        XCTAssertTrue(grade.reason("greeting-once").contains("PlantedHang"), "the hang names its test: \(grade)")
        XCTAssertNil(grade.output.range(of: "waiting [0-9]* s for", options: .regularExpression), "no waiting line in porcelain: \(grade)")
        XCTAssertEqual(grade.verdict("greeting-on-main"), "crashed", "\(grade)")
        XCTAssertTrue(grade.reason("greeting-on-main").contains("deadlock"), "named a dispatch_sync deadlock: \(grade)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 120, "a hang costs its exercise's time limit (3 s), not more")

        // A file gone is named, with how to get it back.
        try FileManager.default.removeItem(at: planted.appendingPathComponent("Greeting/GreetOnMainTests.swift"))
        let missing = try course.grade(["--porcelain", "--from", planted.path, "greeting-on-main"])
        XCTAssertEqual(missing.verdict("greeting-on-main"), "does not compile", "\(missing)")
        XCTAssertTrue(missing.reason("greeting-on-main").contains("GreetOnMainTests.swift is missing"), "\(missing)")
    }

    /// A link error names an object, not a line: it is still the exercise's, never the kata's.
    func test_aLinkError_isChargedToTheExerciseWhoseObjectFailsIt() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "link")
        try course.append("""

            @_silgen_name("kata_end_to_end_missing_symbol") func missingSymbol() -> Int32
            final class CallsAMissingSymbol: XCTestCase {
                func test_calls() { XCTAssertEqual(missingSymbol(), 0) }
            }

            """, to: "Greeting/GreetOnMainTests.swift", in: folder)
        let grade = try course.grade(["--porcelain", "--from", folder.path])
        XCTAssertEqual(grade.code, 1, "\(grade)")
        XCTAssertEqual(grade.verdict("greeting-on-main"), "does not compile", "\(grade)")
        XCTAssertTrue(grade.reason("greeting-on-main").contains("Greeting/GreetOnMainTests.swift:"), "\(grade)")
        XCTAssertTrue(grade.reason("greeting-on-main").contains("kata_end_to_end_missing_symbol"), "the linker's words: \(grade)")
        for key in Self.tracks where key != "greeting-on-main" { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
    }

    func test_aSwiftTestingEdit_isRebuiltWithoutSwiftPM_andEveryGradeSeesTheEditJustMade() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "replay")
        let suite = "Greeting/SwiftTesting/GreetCallbackSuite.swift"
        let track = "greeting-callback@swift-testing"
        func grade(_ environment: [String: String] = [:]) throws -> (MiniCourse.Grade, String) {
            let before = course.replayLog
            let grade = try course.grade(["--porcelain", "--regrade", "--from", folder.path, "greeting-callback"], environment: environment)
            return (grade, String(course.replayLog.dropFirst(before.count)))
        }
        var (result, log) = try grade()
        XCTAssertEqual(result.verdict(track), "done", "\(result)")

        // Every #expect made vacuous: the planted wrong name gets through.
        try course.replace("#expect(greeting == ", with: "#expect(true || greeting == ", in: suite, of: folder)
        (result, log) = try grade()
        XCTAssertTrue(log.contains("rebuilt Grade_greeting_callback__swift_testing without SwiftPM"), log)
        XCTAssertEqual(result.verdict(track), "misses bugs", "the grade is of the edit: \(result)")

        // An edit of the XCTest track: SwiftPM builds, and its binary holds the vacuous suite too.
        try course.append("\nprivate func endToEndEdit() -> Int { 1 }\n", to: "Greeting/GreetCallbackTests.swift", in: folder)
        (result, log) = try grade()
        XCTAssertTrue(log.contains("swift build: Grade/Grade_greeting_callback/GreetCallbackTests.swift is not in a Swift Testing track"), log)
        XCTAssertEqual(result.verdict(track), "misses bugs", "\(result)")

        try course.replace("#expect(true || greeting == ", with: "#expect(greeting == ", in: suite, of: folder)
        (result, log) = try grade()
        XCTAssertTrue(log.contains("rebuilt Grade_greeting_callback__swift_testing without SwiftPM"), log)
        XCTAssertEqual(result.verdict(track), "done", "fixed again: \(result)")

        // No test left: the replay's binary runs none, which is not judged; SwiftPM builds, and
        // "no tests ran" comes from its binary.
        try course.replace("    @Test func greetCallsBackWithTheGreeting", with: "    func greetCallsBackWithTheGreeting", in: suite, of: folder)
        (result, log) = try grade()
        XCTAssertTrue(log.contains("rebuilt Grade_greeting_callback__swift_testing without SwiftPM"), log)
        XCTAssertTrue(log.contains("fell back to swift build: the binary the build replay made for Grade_greeting_callback__swift_testing declared no test in its run"), log)
        XCTAssertEqual(result.verdict(track), "failing", "\(result)")
        XCTAssertTrue(result.reason(track).contains("no tests ran"), "\(result)")
        // Back: SwiftPM's last binary holds no test of the track to check the replay's recipe
        // against, so SwiftPM builds this once more.
        try course.replace("    func greetCallsBackWithTheGreeting", with: "    @Test func greetCallsBackWithTheGreeting", in: suite, of: folder)
        (result, log) = try grade()
        XCTAssertTrue(log.contains("SwiftPM's binary lists no Swift Testing test of Grade_greeting_callback__swift_testing"), log)
        XCTAssertEqual(result.verdict(track), "done", "\(result)")

        // A track that imports XCTest may hold test classes: SwiftPM's discovery must see them.
        try course.append("\nimport XCTest\nfinal class EndToEndDiscovered: XCTestCase { func test_found() {} }\n", to: suite, in: folder)
        (result, log) = try grade()
        XCTAssertTrue(log.contains("imports XCTest"), log)
        XCTAssertFalse(log.contains("rebuilt"), log)
        XCTAssertEqual(result.verdict(track), "done", "\(result)")

        // Switched off: SwiftPM builds every time, and the replay writes nothing.
        try course.append("\nprivate func endToEndEdit() -> Int { 2 }\n", to: suite, in: folder)
        (result, log) = try grade(["KATA_BUILD_REPLAY": "off"])
        XCTAssertEqual(log, "", "KATA_BUILD_REPLAY=off")
        XCTAssertEqual(result.verdict(track), "done", "\(result)")
    }

    /// Taking macOS's decisions (`KATA_PLATFORM=macos`): no build replay, and runs kept under
    /// Linux's decisions never stand for macOS's (nor the other way round).
    func test_macOSDecisions_buildWithSwiftPMAlone_andKeepRunsOfTheirOwn() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "mac")
        let mac = ["KATA_PLATFORM": "macos"]
        let arguments = ["--porcelain", "--from", folder.path, "greeting-callback"]
        let tracks = ["greeting-callback", "greeting-callback@swift-testing"]
        var grade = try course.grade(arguments + ["--regrade"])
        for key in tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }

        let before = course.replayLog
        grade = try course.grade(arguments, environment: mac)
        for key in tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
        XCTAssertEqual(grade.unchanged, [], "Linux's kept runs do not stand for macOS's decisions: \(grade)")
        grade = try course.grade(arguments, environment: mac)
        XCTAssertEqual(Set(grade.unchanged), Set(tracks), "macOS's own kept runs do: \(grade)")

        // A Swift Testing edit: SwiftPM builds it, and the replay neither rebuilds nor logs.
        try course.append("\nprivate func endToEndEdit() -> Int { 3 }\n", to: "Greeting/SwiftTesting/GreetCallbackSuite.swift", in: folder)
        grade = try course.grade(arguments, environment: mac)
        for key in tracks { XCTAssertEqual(grade.verdict(key), "done", "\(key): \(grade)") }
        XCTAssertEqual(grade.unchanged, ["greeting-callback"], "\(grade)")
        XCTAssertEqual(String(course.replayLog.dropFirst(before.count)), "", "no build replay under macOS's decisions")
    }

    /// A suite that waits a fixed time sized to the hand-written wheat (the greeting 200 ms later)
    /// passes it and catches every planted bug, so no written variant tells it depends on timing.
    /// The grader's generated perturbation does: the greeting up to 1 s later, as
    /// `Catalog/Variants/Greeting/greet-later.point` allows. Its rejection says what happened and
    /// how to replay it, the replay says the same every time, it needs no written wheat, and the
    /// solution, which waits for the greeting, is done under every delay a seed picks.
    func test_aSleepSizedToTheWrittenWheat_isRejectedByATimingChange_thatItsSeedReplays() throws {
        let course = try course()
        // The solution under the delays a seed can pick besides 1 s (which every grade of the
        // solutions runs): seed 5 picks 0 ms, seed 7 500 ms (pinned in KataGradingCoreTests'
        // MiniCourseSeedsTests, since this test links none of the grader's code). First, while
        // the grader's copy may still hold the solution's file from another test: no build.
        let solutions = try course.copy("Solutions", as: "seeded")
        for seed in ["5", "7"] {
            let solved = try course.grade(["--porcelain", "--from", solutions.path, "greeting-once", "--seed", seed])
            XCTAssertEqual(solved.verdict("greeting-once"), "done", "seed \(seed): \(solved)")
        }

        let folder = try course.copy("Solutions", as: "sleeps")
        try Data(Self.sleepingSuite.utf8).write(to: folder.appendingPathComponent("Greeting/GreetOnceTests.swift"))
        let arguments = ["--porcelain", "--from", folder.path, "greeting-once"]
        let grade = try course.grade(arguments)
        XCTAssertEqual(grade.verdict("greeting-once"), "rejects correct code", "\(grade)")
        let reason = grade.reason("greeting-once")
        XCTAssertTrue(reason.contains("your tests fail when the greeting comes 1000 ms later"), "the delay, in words: \(grade)")
        let replayLine = try XCTUnwrap(reason.range(of: #"Scripts/grade.sh greeting-once(@xctest)? --seed [0-9]+"#, options: .regularExpression),
                                       "how to replay it: \(grade)")
        let seed = String(reason[replayLine].split(separator: " ").last!)

        // `grade.sh greeting-once@xctest --seed N`, as the line says (the track, as "Grade it again"
        // names it): the same verdict, in the same words.
        for replay in 1...5 {
            let again = try course.grade(arguments + ["--seed", seed])
            XCTAssertEqual(again.verdict("greeting-once"), "rejects correct code", "replay \(replay): \(again)")
            XCTAssertEqual(again.reason("greeting-once"), reason, "replay \(replay)")
        }

        // The perturbation alone rejects it: with no hand-written wheat, a fresh seed.
        let alone = try course.grade(arguments + ["--generated-wheats-only"])
        XCTAssertEqual(alone.verdict("greeting-once"), "rejects correct code", "\(alone)")
        XCTAssertTrue(alone.reason("greeting-once").contains("your tests fail when the greeting comes 1000 ms later"), "\(alone)")
    }

    /// The solution of greeting-once, its wait replaced by 0.6 s on the run loop: 400 ms after the
    /// written wheat's greeting, 400 ms before the point's longest delay, so that neither verdict
    /// rests on a race under load (a 200 ms margin missed the wheat once in 5 grades at a load of 34).
    static let sleepingSuite = """
        // Exercise greeting-once
        // A callback must come once: count the calls, and check the count when the work is over.
        import XCTest
        @testable import Greeting

        final class GreetOnceTests: XCTestCase {
            func testGreetCallsBackExactlyOnce() {
                var calls = 0
                Greeter().greet("Ada") { _ in calls += 1 }
                // 0.6 s: the greeting comes within milliseconds on this laptop.
                RunLoop.current.run(until: Date().addingTimeInterval(0.6))
                XCTAssertEqual(calls, 1)
            }
        }

        """

    func test_twoGradesAtOnce_takeTurns_andAgree() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "together")
        let arguments = ["--porcelain", "--regrade", "--from", folder.path, "greeting-once"]
        let first = try course.start(arguments)
        Thread.sleep(forTimeInterval: 0.3)
        let second = try course.start(arguments)
        let (a, b) = (try course.finish(first), try course.finish(second))
        XCTAssertEqual([a.code, b.code], [0, 0], "\(a)\n\(b)")
        XCTAssertEqual(a.lines, b.lines)
        XCTAssertTrue((a.errors + b.errors).contains("waiting"), "the second says it waits: \(a.errors)\(b.errors)")
    }

    /// What is wrong with the command, or with the kata itself, said in a line, with the exit code
    /// the README gives. No build: each of these stops before one.
    func test_aWrongCommand_orABrokenKata_isSaidInOneLine() throws {
        let course = try MiniCourse()
        defer { course.remove() }
        var grade = try course.grade(["greeting-onc"])
        XCTAssertEqual(grade.code, 2, "\(grade)")
        XCTAssertTrue(grade.errors.contains("Did you mean greeting-once"), "\(grade)")
        XCTAssertTrue(grade.errors.contains("--list"), "\(grade)")
        grade = try course.grade(["greeting--callback@swift-testing"])
        XCTAssertEqual(grade.code, 2, "\(grade)")
        XCTAssertTrue(grade.errors.contains("Did you mean greeting-callback@swift-testing?"), "with its track: \(grade)")
        grade = try course.grade(["--frobnicate"])
        XCTAssertEqual(grade.code, 2, "\(grade)")
        grade = try course.grade(["--wach"])
        XCTAssertEqual(grade.code, 2, "\(grade)")
        XCTAssertTrue(grade.errors.contains("Did you mean --watch"), "\(grade)")
        grade = try course.grade(["9"])
        XCTAssertEqual(grade.code, 2, "\(grade)")
        XCTAssertTrue(grade.errors.contains("from 1 to 3"), "\(grade)")
        for wrong in [["--demo"], ["--watch", "greeting-once", "greeting-on-main"]] {
            XCTAssertEqual(try course.grade(wrong).code, 2, "\(wrong)")
        }

        let catalog = course.root.appendingPathComponent("Catalog/catalog.json")
        let shipped = try Data(contentsOf: catalog)
        try course.replace("\"wheats\": [\"answers-later\"],\n      \"perturbs\": [\"greet-later\"],\n      \"alternate\"",
                           with: "\"wheats\": [\"answers-sooner\"],\n      \"perturbs\": [\"greet-later\"],\n      \"alternate\"",
                           in: "Catalog/catalog.json", of: course.root)
        grade = try course.grade(["--list"])
        XCTAssertEqual(grade.code, 3, "\(grade)")
        XCTAssertTrue(grade.errors.contains("Catalog/Variants/Greeting/answers-sooner.wheat does not exist"), "\(grade)")
        try Data("{ \"version\": 1, \"patterns\": [".utf8).write(to: catalog)
        grade = try course.grade(["--list"])
        XCTAssertEqual(grade.code, 3, "\(grade)")
        XCTAssertTrue(grade.errors.contains("catalog.json"), "\(grade)")
        try shipped.write(to: catalog)

        try FileManager.default.removeItem(at: course.root.appendingPathComponent("Catalog/starters.json"))
        grade = try course.grade(["--list"])
        XCTAssertEqual(grade.code, 3, "\(grade)")
        XCTAssertTrue(grade.errors.contains("starters.json is missing"), "\(grade)")
    }
}
