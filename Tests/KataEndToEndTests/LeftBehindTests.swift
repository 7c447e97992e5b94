import Foundation
import XCTest

/// What a test starts, holds or floods, around one grade of the mini course: a grandchild that
/// keeps the output open must not stretch the grade, a flood of output must leave small logs, and
/// nothing a test started (a child, a grandchild, one outside its process group) outlives the
/// verdict, nor the grader killed outright, under Linux's decisions (a subreaper) or macOS's (the
/// run's mark). Each plant runs a `sleep` of its own length, which `pgrep` looks for.
extension MiniCourseTests {
    /// The processes whose command line matches `pattern` (an ERE), waiting up to `seconds` for
    /// there to be none: what is still running then, or "" when nothing is.
    static func stillRunning(_ pattern: String, within seconds: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let found = try run(["pgrep", "-fl", pattern], in: URL(fileURLWithPath: "/"))
            if found.code != 0 || Date() >= deadline { return found.code == 0 ? found.output : "" }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    func test_aGrandchildHoldingTheOutput_orAFlood_stretchNeitherTheGradeNorItsLogs() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "holds-and-floods")
        try course.append("""

            import Foundation
            final class HoldsTheOutput: XCTestCase { func test_z() { _ = system("sleep 451 >/dev/null 2>&1 &") } }

            """, to: "Greeting/GreetOnceTests.swift", in: folder)
        try course.append("""

            import Foundation
            final class Floods: XCTestCase {
                func test_z() { print(String(repeating: String(repeating: "x", count: 999) + "\\n", count: 8_000), terminator: "") }
            }

            """, to: "Greeting/GreetOnMainTests.swift", in: folder)
        let temporary = course.folder.appendingPathComponent("system-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let started = Date()
        let grade = try course.grade(["--porcelain", "--regrade", "--from", folder.path, "greeting-once", "greeting-on-main"],
                                     environment: ["TMPDIR": temporary.path])
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(grade.verdict("greeting-once"), "done", "a test whose grandchild holds the output: \(grade)")
        XCTAssertEqual(grade.verdict("greeting-on-main"), "done", "a test that floods its output: \(grade)")
        XCTAssertLessThan(seconds, 40, "a grandchild holding the output does not stretch the grade: \(grade)")
        let logs = try Self.files(under: course.root.appendingPathComponent(".build/kata/planted/logs"))
            .reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
        XCTAssertLessThan(logs, 40_000_000, "the logs of a flooding suite stay small (\(logs) bytes)")
        XCTAssertEqual(try Self.stillRunning("sleep 451"), "", "nothing a test started is still running after the verdict")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [],
                       "a grade leaves the system's temporary folder as it found it")
        let own = course.root.appendingPathComponent(".build/kata/tmp")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: own.path)) ?? [], [], "the grader's own temporary folders are emptied")
    }

    /// A test that starts a child and one outside its group, then hangs; the grader killed outright
    /// (kill -9) mid-run leaves neither running, nor the test.
    func test_killingTheGraderOutright_midRun_leavesNothingRunning() throws {
        let course = try course()
        for (platform, first) in [("linux", 461), ("macos", 471)] {
            let folder = try course.copy("Solutions", as: "killed-\(platform)")
            try course.append("""

                import Foundation
                final class HangsAndEscapes: XCTestCase {
                    func test_z() throws {
                        let child = Process()
                        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
                        child.arguments = ["\(first)"]
                        try child.run()
                        _ = system("perl -MPOSIX -e \\"setsid(); exec q(sleep), \(first + 1)\\" >/dev/null 2>&1 </dev/null &")
                        Thread.sleep(forTimeInterval: 3600)
                    }
                }

                """, to: "Greeting/GreetOnceTests.swift", in: folder)
            let started = try course.start(["--porcelain", "--regrade", "--from", folder.path, "greeting-once"], environment: ["KATA_PLATFORM": platform])
            let deadline = Date().addingTimeInterval(300)
            while try Self.run(["pgrep", "-f", "sleep \(first + 1)"], in: folder).code != 0 && started.0.isRunning && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
            }
            XCTAssertTrue(started.0.isRunning, "\(platform): the grader reached the hanging run: \(Self.text(started.2))")
            kill(started.0.processIdentifier, SIGKILL)
            started.0.waitUntilExit()
            XCTAssertEqual(try Self.stillRunning("sleep (\(first)|\(first + 1))|HangsAndEscapes"), "",
                           "\(platform) decisions: kill -9 of the grader leaves nothing running")
        }
    }

    /// Without a subreaper (macOS's decisions), what a test starts outside its group is ended by
    /// the run's mark, as on a Mac.
    func test_macOSDecisions_whatATestStartsOutsideItsGroup_endsWithTheRun() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "mac-escapes")
        try course.append("""

            import Foundation
            final class Escapes: XCTestCase {
                func test_z() throws {
                    let child = Process()
                    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
                    child.arguments = ["481"]
                    try child.run()
                    _ = system("perl -MPOSIX -e \\"setsid(); exec q(sleep), 482\\" >/dev/null 2>&1 </dev/null &")
                    _ = system("sleep 483 >/dev/null 2>&1 &")
                    usleep(300_000)
                }
            }

            """, to: "Greeting/GreetOnceTests.swift", in: folder)
        let grade = try course.grade(["--porcelain", "--regrade", "--from", folder.path, "greeting-once"], environment: ["KATA_PLATFORM": "macos"])
        XCTAssertEqual(grade.verdict("greeting-once"), "done", "\(grade)")
        XCTAssertEqual(try Self.stillRunning("sleep 48[123]"), "", "nothing a test started outlives the verdict, without a subreaper")
    }
}
