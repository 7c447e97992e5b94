import Foundation
import XCTest
import KataTestSupport

/// The workshop's commands and what a person sees, from the real grader binary over the mini
/// course: `--hint`, `--json`, `--solution`, `--reset`/`--undo-reset`, `--watch`, `--merge`,
/// `--demo`, the screens of a grade at 80 columns, a test that writes into the grader's folders,
/// a compile error inside a macro expansion, and a moved checkout. The bash self-test keeps what
/// needs `grade.sh` itself, a real terminal or the whole real course.
///
/// The tests that grade the checkout's own `Exercises/` sort after
/// `test_fromTheShippedStartersToDone…` (XCTest runs a class's tests by name), which needs the
/// grader's copy of them never built.
extension MiniCourseTests {
    /// Plain output (not a terminal) at 80 columns, as the README's screens are read.
    static let screen = ["COLUMNS": "80"]

    func test_hintJsonAndSolution_sayWhatTheyShould_andWriteNothingInExercises() throws {
        let course = try course()
        let before = try Self.contents(of: course.root.appendingPathComponent("Exercises"))
        var grade = try course.grade(["--hint", "greeting-once"])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertTrue(grade.output.contains("Hint:") && grade.output.contains("greeting-once"), "\(grade)")

        let solutions = try course.copy("Solutions", as: "json")
        grade = try course.grade(["--json", "--from", solutions.path, "greeting-once"])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertTrue(grade.output.contains("\"version\" : 1") && grade.output.contains("\"status\" : \"pass\"")
                      && grade.output.contains("\"id\" : \"greeting-once\""), "--json prints the documented results: \(grade)")

        // Not on a terminal, --solution is a patch of Exercises/ that `git apply` takes, for every track.
        grade = try course.grade(["--solution", "greeting-once"])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertTrue(grade.output.contains("\n--- a/Exercises/") || grade.output.hasPrefix("--- a/Exercises/"), "\(grade)")
        XCTAssertTrue(grade.output.contains("\n+++ b/Exercises/"), "\(grade)")
        for key in Self.tracks {
            let patch = try course.grade(["--solution", key])
            XCTAssertEqual(patch.code, 0, "\(key): \(patch)")
            let apply = try Self.run(["git", "apply", "--check", "-"], in: course.root, input: patch.output)
            XCTAssertEqual(apply.code, 0, "--solution \(key) | git apply: \(apply.output)")
        }
        XCTAssertEqual(try Self.contents(of: course.root.appendingPathComponent("Exercises")), before, "nothing written in Exercises/")
    }

    /// In a checkout that is a git repository with a commit of the attendee's work: a reset asks
    /// first, keeps a backup, restores the starter as shipped; two resets keep both; one command
    /// undoes; and docs/INSTRUCTORS.md's loop, as written there, says each exercise once.
    func test_reset_keepsABackup_undoPutsTheWorkBack_andTheDocsLoopSaysEachExerciseOnce() throws {
        let course = try MiniCourse()
        defer { course.remove() }
        guard Self.which("git") != nil else { throw XCTSkip("no git on the PATH") }
        for command in [["git", "init", "-q"], ["git", "add", "-A"], ["git", "-c", "user.name=attendee", "-c", "user.email=a@example.invalid",
                                                                      "commit", "-q", "-m", "course"]] {
            XCTAssertEqual(try Self.run(command, in: course.root).code, 0, "\(command)")
        }
        // greeting-on-main compiles with greeting-callback's file too, so a reset of that file names it.
        try course.replace("\"files\": [\"GreetOnMainTests.swift\"],\n      \"uses\": [],",
                           with: "\"files\": [\"GreetOnMainTests.swift\"],\n      \"uses\": [\"GreetCallbackTests.swift\"],",
                           in: "Catalog/catalog.json", of: course.root)
        XCTAssertEqual(try course.grade(["--refresh-starters"]).code, 0)
        let file = course.root.appendingPathComponent("Exercises/Greeting/GreetCallbackTests.swift")
        let starter = try String(contentsOf: file, encoding: .utf8)
        try course.append("\n// my work in progress\n", to: "Exercises/Greeting/GreetCallbackTests.swift", in: course.root)
        XCTAssertEqual(try Self.run(["git", "-c", "user.name=attendee", "-c", "user.email=a@example.invalid", "commit", "-q", "-am", "mine"],
                                    in: course.root).code, 0)
        let mine = try String(contentsOf: file, encoding: .utf8)

        var grade = try course.grade(["--reset", "greeting-callback"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), mine, "no terminal and no --yes: nothing changes")
        XCTAssertTrue(grade.errors.contains("--yes"), "says to add --yes: \(grade)")
        grade = try course.grade(["--reset", "greeting-callback", "--yes"])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), starter, "the starter as shipped, even after a commit")
        let backups = course.root.appendingPathComponent(".git/kata/backups")
        XCTAssertTrue(try Self.files(under: backups).contains { $0.lastPathComponent == file.lastPathComponent
            && (try? String(contentsOf: $0, encoding: .utf8)) == mine }, "the attendee's version in .git/kata/backups/")

        // Two resets in the same second keep two backups, and --undo-reset puts back the last.
        try course.append("\n// version one\n", to: "Exercises/Greeting/GreetCallbackTests.swift", in: course.root)
        grade = try course.grade(["--reset", "greeting-callback", "--yes"])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertNotNil((grade.output + grade.errors).range(of: "also used by.*greeting-on-main", options: .regularExpression),
                        "names the exercises that share its file: \(grade)")
        try course.append("\n// version two\n", to: "Exercises/Greeting/GreetCallbackTests.swift", in: course.root)
        XCTAssertEqual(try course.grade(["--reset", "greeting-callback", "--yes"]).code, 0)
        let kept = try Self.files(under: backups).compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        XCTAssertEqual(kept.filter { $0.contains("version one") }.count, 1, "both versions kept")
        XCTAssertEqual(kept.filter { $0.contains("version two") }.count, 1, "both versions kept")
        grade = try course.grade(["--undo-reset"])
        XCTAssertEqual(grade.code, 0, "\(grade)")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("version two"), "the version the last reset replaced: \(grade)")
        try starter.write(to: file, atomically: true, encoding: .utf8)

        // The docs' loop, run by bash in the checkout, with a Scripts/grade.sh that hands over
        // to the grader as grade.sh's last line does.
        let docs = try String(contentsOf: Self.kata.appendingPathComponent("docs/INSTRUCTORS.md"), encoding: .utf8)
        let loop = try XCTUnwrap(docs.split(separator: "\n").first { $0.hasPrefix("bash -c 'for id in ") && $0.contains("--reset") },
                                 "docs/INSTRUCTORS.md's reset loop")
        let scripts = course.root.appendingPathComponent("Scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        let shim = scripts.appendingPathComponent("grade.sh")
        try "#!/bin/sh\nexec '\(MiniCourse.grader!.path)' \"$(cd \"$(dirname \"$0\")/..\" && pwd)\" \"$@\"\n".write(to: shim, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shim.path)
        let ran = try Self.run(["bash", "-c", String(loop)], in: course.root)
        let said = ran.output.split(separator: "\n").filter { $0.contains("is already the starter") }
            .map { String($0.split(separator: " ")[0].split(separator: "@")[0]) }
        XCTAssertEqual(said.sorted(), ["greeting-callback", "greeting-on-main", "greeting-once"], "each exercise once: \(ran.output)")
    }

    /// `--watch` grades everything once (what is not started in one line), then what is saved, and
    /// moves on when it is done; `--watch ID` grades that exercise alone; Ctrl-C stops either with 130.
    func test_watch_regradesWhatIsSaved_andCtrlCStopsItWith130() throws {
        let course = try course()
        for (arguments, id, file) in [(["--watch"], "greeting-callback", "Greeting/GreetCallbackTests.swift"),
                                      (["--watch", "greeting-once"], "greeting-once", "Greeting/GreetOnceTests.swift")] {
            let exercise = course.root.appendingPathComponent("Exercises/\(file)")
            let starter = try Data(contentsOf: exercise)
            defer { try? starter.write(to: exercise) }
            let started = try course.start(arguments)
            let waiting = Self.waitFor("Waiting for you to save", in: started.1, seconds: 600)
            XCTAssertTrue(waiting, "\(arguments): \(Self.text(started.1))")
            if arguments.count == 1 {
                // Several tracks not started are said in one line, as a grade of many says them.
                let lines = Self.text(started.1).split(separator: "\n")
                let each = lines.filter { $0.range(of: #"^-- greeting-[a-z@-]+ +not started"#, options: .regularExpression) != nil }
                XCTAssertLessThanOrEqual(each.count, 1, "--watch groups what is not started: \(Self.text(started.1))")
                XCTAssertTrue(!each.isEmpty || lines.contains { $0.range(of: #"^-- [0-9]+ not started: "#, options: .regularExpression) != nil },
                              "the course's starters are said: \(Self.text(started.1))")
            }
            if arguments.count == 2 {
                let graded = Set(Self.text(started.1).split(separator: "\n").compactMap { line -> String? in
                    guard let match = line.range(of: #"^(ok|!!|--) [a-z0-9-]+"#, options: .regularExpression) else { return nil }
                    return String(line[match].dropFirst(3))
                })
                XCTAssertEqual(graded, [id], "--watch ID grades only that exercise: \(Self.text(started.1))")
            }
            try Data(contentsOf: course.root.appendingPathComponent("Solutions/\(file)")).write(to: exercise)
            XCTAssertTrue(Self.waitFor("\(id) is done", in: started.1, seconds: 300), "\(arguments): \(Self.text(started.1))")
            started.0.interrupt()
            let stopped = try course.finish(started, timeout: 60)
            XCTAssertEqual(stopped.code, 130, "Ctrl-C stops \(arguments) with 130, as --help says: \(stopped.errors)")
        }
    }

    /// A test that writes into the grader's shadow copy and over its binary stops that grade, and
    /// the next grade works on a shadow copy that holds only what the grader wrote.
    func test_aTestThatWritesIntoTheGradersFolders_stopsThatGrade_andTheNextOneWorks() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "poisons")
        let fileName = "Greeting/GreetOnceTests.swift"
        let clean = try Data(contentsOf: folder.appendingPathComponent(fileName))
        try FileManager.default.createDirectory(at: course.root.appendingPathComponent(".build/kata/grader/debug"), withIntermediateDirectories: true)
        try course.append("""

            final class Poisons: XCTestCase {
                func test_z() throws {
                    let shadow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    try "int broken(".write(to: shadow.appendingPathComponent("Sources/Greeting/stray.c"), atomically: true, encoding: .utf8)
                    try "garbage".write(to: shadow.appendingPathComponent("Package@swift-6.0.swift"), atomically: true, encoding: .utf8)
                    let fake = shadow.deletingLastPathComponent().appendingPathComponent("grader/debug/KataGrader")
                    try "#!/bin/sh\\necho faked; exit 0\\n".write(to: fake, atomically: true, encoding: .utf8)
                    try FileManager.default.setAttributes([.posixPermissions: 0o755, .modificationDate: Date().addingTimeInterval(86_400)],
                                                          ofItemAtPath: fake.path)
                }
            }

            """, to: fileName, in: folder)
        var grade = try course.grade(["--porcelain", "--from", folder.path, "greeting-once"])
        XCTAssertEqual(grade.code, 3, "\(grade)")
        XCTAssertTrue(grade.errors.contains("a test wrote into the grader's folder"), "\(grade)")
        try clean.write(to: folder.appendingPathComponent(fileName))
        grade = try course.grade(["--porcelain", "--regrade", "--from", folder.path, "greeting-once"])
        XCTAssertEqual("\(grade.verdict("greeting-once") ?? "none") \(grade.code)", "done 0", "\(grade)")
        let shadow = course.root.appendingPathComponent(".build/kata/planted")
        let strays = try Self.files(under: shadow, depth: 3).filter { $0.lastPathComponent == "stray.c" || $0.lastPathComponent.hasPrefix("Package@") }
        XCTAssertEqual(strays, [], "the shadow copy holds only what the grader wrote")
    }

    /// A compile error the compiler reports inside a macro expansion, in a checkout reached
    /// through a link: charged to its track, at a file:line the attendee can open, and the other
    /// exercise graded as usual.
    func test_macroExpansionError_isChargedToItsTrack_atALineTheAttendeeCanOpen() throws {
        let course = try course()
        let suite = course.root.appendingPathComponent("Exercises/Greeting/SwiftTesting/GreetCallbackSuite.swift")
        let once = course.root.appendingPathComponent("Exercises/Greeting/GreetOnceTests.swift")
        let (suiteStarter, onceStarter) = (try Data(contentsOf: suite), try Data(contentsOf: once))
        defer { try? suiteStarter.write(to: suite); try? onceStarter.write(to: once) }
        try Data(contentsOf: course.root.appendingPathComponent("Solutions/Greeting/GreetOnceTests.swift")).write(to: once)
        try course.append("\n@Suite struct NeedsAnArgument { let x: Int; init(x: Int) { self.x = x }; @Test func t() {} }\n",
                          to: "Exercises/Greeting/SwiftTesting/GreetCallbackSuite.swift", in: course.root)
        let grade = try course.grade(["--porcelain", "greeting-once", "greeting-callback@swift-testing"])
        let track = "greeting-callback@swift-testing"
        XCTAssertEqual(grade.verdict(track), "does not compile", "\(grade)")
        XCTAssertNotNil(grade.reason(track).range(of: #"^Exercises/Greeting/SwiftTesting/GreetCallbackSuite\.swift:[0-9]"#, options: .regularExpression),
                        "at a file:line the attendee can open: \(grade)")
        XCTAssertEqual(grade.verdict("greeting-once"), "done", "\(grade)")
    }

    /// A checkout moved to another folder carries a build folder whose paths point to the old one.
    func test_aMovedCheckout_stillGrades() throws {
        let course = try course()
        let solutions = try course.copy("Solutions", as: "moved")
        XCTAssertEqual(try course.grade(["--porcelain", "--from", solutions.path, "greeting-once"]).verdict("greeting-once"), "done")
        let moved = course.folder.appendingPathComponent("moved kata")
        try FileManager.default.moveItem(at: course.realRoot, to: moved)
        // The other tests find it through the link, now to where it went (no second rebuild).
        try FileManager.default.removeItem(at: course.root)
        try FileManager.default.createSymbolicLink(at: course.root, withDestinationURL: moved)
        course.realRoot = moved
        let grade = try course.grade(["--porcelain", "--regrade", "--from", solutions.path, "greeting-once"], at: moved)
        XCTAssertEqual(grade.verdict("greeting-once"), "done", "\(grade)")
    }

    /// The screens of a grade at 80 columns: every kind of fault, a grade of two, one done, one
    /// not started; the Next card short, each thing said once, and no waiting line in a file.
    func test_whatAPersonSees_fits80Columns_andTheNextCardSaysEachThingOnce() throws {
        let course = try course()
        let planted = try course.copy("Solutions", as: "screens")
        try course.append("\nprivate let plantedError: Int = \"not a number\"\n", to: "Greeting/GreetCallbackTests.swift", in: planted)
        try course.append("""

            @Test func aPlantedFailureWhoseNameIsLongerThanAnyLineOfAnEightyColumnTerminalCanHold() { #expect(Bool(false), "planted failure") }

            """, to: "Greeting/SwiftTesting/GreetCallbackSuite.swift", in: planted)
        try course.append("\nfinal class PlantedHang: XCTestCase { func test_planted() { Thread.sleep(forTimeInterval: 3600) } }\n",
                          to: "Greeting/GreetOnceTests.swift", in: planted)
        try course.append("\nfinal class PlantedDeadlock: XCTestCase { func test_planted() { DispatchQueue.main.sync {} } }\n",
                          to: "Greeting/GreetOnMainTests.swift", in: planted)
        let faults = try course.grade(["--from", planted.path], environment: Self.screen)
        XCTAssertEqual(faults.code, 1, "\(faults)")
        XCTAssertEqual(Self.wider(faults.output), [], "a grade with every kind of fault fits 80 columns")
        XCTAssertLessThanOrEqual(Self.cardLines(faults.output), 14, "the Next card after a grade of many: \(faults.output)")
        XCTAssertLessThanOrEqual(faults.output.components(separatedBy: "Hint:").count - 1, 1, "the Next card says Hint: once: \(faults.output)")
        XCTAssertNil(faults.output.range(of: "waiting [0-9]* s for", options: .regularExpression), "no waiting line in a file: \(faults.output)")

        let two = try course.grade(["--from", planted.path, "greeting-callback", "greeting-on-main"], environment: Self.screen)
        XCTAssertLessThanOrEqual(Self.lineCount(two.output), 23, "a grade of two fits a screen: \(two.output)")
        XCTAssertEqual(Self.repeatedInCard(two.output), [], "a grade that fits a screen says no verdict again in its Next card: \(two.output)")

        let solutions = try course.copy("Solutions", as: "screens-done")
        let done = try course.grade(["--from", solutions.path, "greeting-once"], environment: Self.screen)
        XCTAssertEqual(done.code, 0, "\(done)")
        XCTAssertEqual(Self.wider(done.output), [], "a done grade fits 80 columns")
        XCTAssertLessThanOrEqual(Self.lineCount(done.output), 23, "a done grade fits a screen of 24 lines: \(done.output)")
        XCTAssertFalse(done.output.contains("were graded without this one"), "a grade of one exercise does not mention the others")
        XCTAssertTrue(done.output.contains("\nNext: ") || done.output.contains("Every graded exercise is done"), "what to do next: \(done.output)")

        let starter = try course.grade(["greeting-once"], environment: Self.screen)
        XCTAssertFalse(starter.output.contains("in that order"), "a one-file exercise is not told 'in that order': \(starter.output)")
        XCTAssertEqual(Self.wider(starter.output), [], "fits 80 columns")
    }

    /// `--json` files against docs/results-json.md's table (starters, solutions, planted faults),
    /// `testSeconds` null when nothing ran, an unwritable `--json=PATH`, and `ID@framework`.
    func test_json_matchesItsDocsTable_andANamedTrackIsGradedAlone() throws {
        let course = try course()
        let solutions = try course.copy("Solutions", as: "schema")
        let planted = try course.copy("Solutions", as: "schema-planted")
        try course.append("\nfinal class PlantedFailure: XCTestCase { func test_planted() { XCTFail(\"planted\") } }\n",
                          to: "Greeting/GreetOnMainTests.swift", in: planted)
        var files: [String] = []
        for (name, arguments) in [("starters", [] as [String]), ("solutions", ["--from", solutions.path]), ("planted", ["--from", planted.path])] {
            let grade = try course.grade(["--json"] + arguments)
            let file = course.folder.appendingPathComponent("\(name).json")
            try Data(grade.output.utf8).write(to: file)
            files.append(file.path)
            if name == "starters" { XCTAssertTrue(grade.output.contains("\"testSeconds\" : null"), "null, not missing, when no run happened") }
        }
        // `--check FILE…` reads the table from the checkout's docs/results-json.md: the kata's own.
        let docs = course.root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: docs.appendingPathComponent("results-json.md"))
        try FileManager.default.copyItem(at: Self.kata.appendingPathComponent("docs/results-json.md"), to: docs.appendingPathComponent("results-json.md"))
        let checked = try course.grade(["--check"] + files)
        XCTAssertEqual(checked.code, 0, "--json matches docs/results-json.md: \(checked)")

        let unwritable = try course.grade(["--json=\(course.folder.path)/no-such-folder/results.json", "--from", solutions.path, "greeting-once"])
        XCTAssertNotEqual(unwritable.code, 0, "\(unwritable)")
        XCTAssertTrue(unwritable.errors.contains("cannot write"), "\(unwritable)")
        XCTAssertLessThanOrEqual(Self.lineCount(unwritable.errors), 2, "says why in a line: \(unwritable)")

        let failing = try course.grade(["--porcelain", "--from", planted.path, "greeting-on-main"])
        XCTAssertEqual(failing.verdict("greeting-on-main"), "failing", "a planted failing assertion: \(failing)")

        let named = try course.grade(["--porcelain", "--from", solutions.path, "greeting-callback@swift-testing"])
        XCTAssertEqual(named.lines.map { $0[0] }, ["greeting-callback@swift-testing"], "ID@framework grades that track alone: \(named)")
    }

    /// `--merge`: results files of a room without a network, as the room shows them. Three
    /// attendees made from a real results file: one with an exercise on both tracks (XCTest
    /// missing a bug, Swift Testing done), two missing the same bug, and an older file of one of
    /// them that the newer replaces; a grade of another folder than Exercises/ is left out.
    func test_merge_keepsTracksApart_theNewerFileWins_andCountsABugOncePerAttendee() throws {
        let course = try MiniCourse()
        defer { course.remove() }
        try Self.checkMerge(in: course)
    }

    /// The room of `test_merge…`, made from a grade of `course`'s starters (the mini course, or a
    /// copy of the real one: `ShippedCourseScreensTests`).
    static func checkMerge(in course: MiniCourse) throws {
        let base = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(course.grade(["--json"]).output.utf8)) as? [String: Any])
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: course.root.appendingPathComponent("Catalog/catalog.json")))
            as? [String: Any])
        let exercises = Dictionary(uniqueKeysWithValues: (catalog["exercises"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0) })
        let entries = base["exercises"] as? [[String: Any]] ?? []
        let two = try XCTUnwrap(entries.first { exercises[$0["id"] as! String]?["alternate"] != nil })
        let twoID = two["id"] as! String
        let other = (exercises[twoID]?["alternate"] as? [String: Any])?["framework"] as! String
        let bug = (exercises[twoID]?["chaffs"] as? [String])![0]
        func attendee(_ name: String, _ at: String, _ change: [String: [String: Any]]) -> [String: Any] {
            var doc = base
            doc["attendee"] = name
            doc["generatedAt"] = at
            doc["startedAt"] = at
            doc["exercises"] = entries.map { $0.merging(change[$0["id"] as! String] ?? [:]) { _, new in new } }
            return doc
        }
        let missing: [String: Any] = ["status": "misses bugs", "exerciseStatus": "misses bugs", "chaffs": ["caught": 0, "total": 1, "missed": [bug]]]
        var ana = attendee("Ana Lima", "2026-11-24T10:40:00Z", [twoID: missing])
        var anaEntries = (ana["exercises"] as! [[String: Any]]) + [two.merging(["framework": other, "status": "done", "exerciseStatus": "done"]) { _, new in new }]
        for index in anaEntries.indices where anaEntries[index]["id"] as? String == twoID { anaEntries[index]["exerciseStatus"] = "done" }
        ana["exercises"] = anaEntries
        let folder = course.folder.appendingPathComponent("merge")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, doc) in [("ana", ana), ("bruno-new", attendee("Bruno", "2026-11-24T10:41:00Z", [twoID: missing])),
                            ("bruno-old", attendee("Bruno", "2026-11-24T09:00:00Z", [twoID: ["status": "failing", "exerciseStatus": "failing"]])),
                            ("chloe", attendee("Chloé Dubois", "2026-11-24T10:39:00Z", [:]))] {
            try JSONSerialization.data(withJSONObject: doc).write(to: folder.appendingPathComponent("\(name).json"))
        }
        let html = folder.appendingPathComponent("room.html")
        let files = ["ana", "bruno-new", "bruno-old", "chloe"].map { folder.appendingPathComponent("\($0).json").path }
        let merged = try course.grade(["--merge"] + files + ["--html=\(html.path)"], environment: Self.screen)
        XCTAssertEqual(merged.code, 0, "\(merged)")
        XCTAssertEqual(Self.wider(merged.output), [], "--merge fits 80 columns")
        XCTAssertTrue(["What the room misses most", "Ana Lima", "Chloé Dubois"].allSatisfy(merged.output.contains), "the grid and what it misses: \(merged)")

        let page = try String(contentsOf: html, encoding: .utf8)
        let offline = try XCTUnwrap(page.range(of: #"const OFFLINE = \{.*\};\n"#, options: .regularExpression), "the page's data")
        let json = page[offline].dropFirst("const OFFLINE = ".count).dropLast(2)
        let room = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["room"] as? [String: Any])
        let rows = Dictionary(uniqueKeysWithValues: (room["attendees"] as? [[String: Any]] ?? []).map { ($0["name"] as! String, $0) })
        func result(_ name: String) -> [String: Any] { ((rows[name]?["results"] as? [String: Any])?[twoID] as? [String: Any]) ?? [:] }
        let mostMissed = ((room["exercises"] as? [[String: Any]] ?? []).first { $0["id"] as? String == twoID }?["mostMissed"] as? [[String: Any]] ?? [])
            .compactMap { $0["count"] as? Int }.max() ?? 0
        let summary = [String(rows.count), result("Ana Lima")["verdict"] as? String ?? "-",
                       (result("Ana Lima")["tracks"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String }.joined(separator: "+"),
                       result("Bruno")["verdict"] as? String ?? "-", String(mostMissed), page.contains("default-src 'none'") ? "sealed" : "open"]
        XCTAssertEqual(summary.joined(separator: " "), "3 done misses bugs+done misses bugs 2 sealed",
                       "two tracks apart, the newer file wins, a bug counted once per attendee; the page reaches nothing")

        // A grade of another folder: left out, said, exit 1.
        var solutions = base
        solutions["source"] = "solutions"
        let left = folder.appendingPathComponent("solutions.json")
        try JSONSerialization.data(withJSONObject: solutions).write(to: left)
        let leftOut = try course.grade(["--merge", files[0], left.path])
        XCTAssertEqual(leftOut.code, 1, "\(leftOut)")
        // Wrapped at words, at whatever point the folder's length puts the break.
        let words = (leftOut.output + leftOut.errors).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("a grade of solutions"), "\(leftOut)")
    }

    /// `--demo ID`: the solution and every weak suite (`Tests/Fixtures/greeting-once/`) on one
    /// screen, each with its own reason, the suite kept to test the grader left out, Exercises/
    /// untouched; `--demo ID SUITE` that suite in full; an unknown suite named.
    func test_demo_linesUpTheSolutionAndEveryWeakSuite_onOneScreen() throws {
        let course = try course()
        let before = try Self.contents(of: course.root.appendingPathComponent("Exercises"))
        let demo = try course.grade(["--demo", "greeting-once"], environment: Self.screen)
        XCTAssertEqual(demo.code, 0, "every suite gets its expected verdict: \(demo)")
        XCTAssertEqual(try Self.contents(of: course.root.appendingPathComponent("Exercises")), before, "reads and writes nothing in Exercises/")
        let lines = demo.output.components(separatedBy: "\n")
        func shown(_ name: String) -> Bool { lines.contains { $0.hasPrefix("ok \(name) ") || $0.hasPrefix("!! \(name) ") } }
        XCTAssertTrue(shown("reference solution") && shown("never-counts"), "the solution and every weak suite: \(demo.output)")
        XCTAssertTrue(lines.contains("   Waits for the first greeting and never counts the calls."), "its own reason, whole, under it: \(demo.output)")
        XCTAssertFalse(shown("always-fails"), "the suite that tests the grader is left out: \(demo.output)")
        XCTAssertEqual(Self.wider(demo.output), [], "--demo fits 80 columns")
        XCTAssertLessThanOrEqual(Self.lineCount(demo.output), 23, "--demo fits a screen of 24 lines: \(demo.output)")

        let one = try course.grade(["--demo", "greeting-once", "never-counts"], environment: Self.screen)
        XCTAssertEqual(one.code, 0, "\(one)")
        XCTAssertTrue(one.output.components(separatedBy: "\n").prefix(8).contains { $0.hasPrefix("── never-counts: Waits for the first greeting") },
                      "why the suite is weak, first: \(one.output)")
        XCTAssertTrue(one.output.contains("Your tests do not fail when"), "then the bugs it misses: \(one.output)")
        XCTAssertEqual(Self.wider(one.output), [], "--demo ID SUITE fits 80 columns")

        let typo = try course.grade(["--demo", "greeting-once", "no-such-suite"])
        XCTAssertEqual(typo.code, 2, "\(typo)")
        XCTAssertTrue(typo.errors.contains("never-counts"), "names the suites: \(typo)")
    }
}

// What the tests above read of files, screens and commands.
extension MiniCourseTests {
    /// The kata's checkout, whose docs the tests hold the grader to.
    static let kata = KataCheckout.root

    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
    /// The number of lines, as `wc -l` counts them.
    static func lineCount(_ text: String) -> Int { text.unicodeScalars.filter { $0 == "\n" }.count }
    /// The lines wider than 80 characters.
    static func wider(_ text: String) -> [String] { lines(text).filter { $0.unicodeScalars.count > 80 }.map(String.init) }

    /// The lines of the Next card: those after "N/M done".
    static func cardLines(_ text: String) -> Int {
        let all = lines(text)
        guard let cut = all.firstIndex(where: { $0.range(of: #"^[0-9]+/[0-9]+ done"#, options: .regularExpression) != nil }) else { return 0 }
        return all.count - cut - 1
    }

    /// The lines of the Next card whose text (past a "Label: ") is already above it.
    static func repeatedInCard(_ text: String) -> [String] {
        let all = lines(text)
        let cut = all.firstIndex { $0.range(of: #"^[0-9]+/[0-9]+ done"#, options: .regularExpression) != nil } ?? all.count
        let above = all[..<cut].joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return all.dropFirst(min(cut + 1, all.count)).map(String.init).filter { line in
            var said = line.trimmingCharacters(in: .whitespaces)
            if let label = said.range(of: #"^[A-Z][a-z ]+: "#, options: .regularExpression) { said.removeSubrange(label) }
            return said.count >= 30 && above.contains(said)
        }
    }

    /// Every file under `folder` (down to `depth` levels), by path.
    static func files(under folder: URL, depth: Int = .max) throws -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [URL] = []
        while let file = walk.nextObject() as? URL {
            if walk.level > depth { walk.skipDescendants(); continue }
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(file) }
        }
        return files
    }

    /// Every file's bytes under `folder`, by path relative to it.
    static func contents(of folder: URL) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for file in try files(under: folder) { all[String(file.path.dropFirst(folder.path.count))] = try Data(contentsOf: file) }
        return all
    }

    static func text(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    /// Whether `file` says `words` within `seconds`.
    static func waitFor(_ words: String, in file: URL, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text(file).contains(words) { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return text(file).contains(words)
    }

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `command` (found on the PATH) in `folder`, `input` on its standard input, bounded in
    /// time; its exit code and its output and errors together.
    static func run(_ command: [String], in folder: URL, input: String = "") throws -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(which(command[0]), "\(command[0]) on the PATH"))
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = folder
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-run-\(UUID().uuidString)")
        let feed = log.appendingPathExtension("in")
        defer { try? FileManager.default.removeItem(at: log); try? FileManager.default.removeItem(at: feed) }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        _ = FileManager.default.createFile(atPath: feed.path, contents: Data(input.utf8))
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        process.standardInput = try FileHandle(forReadingFrom: feed)
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        return (process.terminationStatus, text(log))
    }
}
