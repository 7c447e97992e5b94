import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// What a person reads: wrapping, suggestions, the Next card, and the JSON every reader relies on.
final class ReportTests: XCTestCase {
    func catalog() throws -> Catalog { try ReportFixtures.catalog() }
    func result(_ exercise: Catalog.Exercise, _ catalog: Catalog, _ verdict: Verdict) -> ExerciseResult { ReportFixtures.result(exercise, catalog, verdict) }

    func test_wrap_breaksOnlyBetweenWordsAndHangsUnderTheLabel() {
        let style = Style(color: false, symbols: false, width: 30)
        let text = "Hint: " + Array(repeating: "alpha beta gamma", count: 5).joined(separator: " ")
        let lines = style.wrap(text, indent: "  ")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        XCTAssertEqual(lines.joined(separator: " ").split(separator: " ").joined(separator: " "),
                       ("  " + text).split(separator: " ").joined(separator: " "), "nothing cut")
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 8)) }, "\(lines)")
    }

    func test_wrap_ignoresColourCodesWhenMeasuring() {
        let style = Style(color: true, symbols: true, width: 20)
        let painted = style.bold("twelve chars") + " " + style.dim("seven")
        XCTAssertEqual(style.wrap(painted, indent: "").count, 1)
    }

    func test_wrap_breaksAWordLongerThanTheLine_atItsDotsOrAtTheWidth() {
        let style = Style(color: false, symbols: false, width: 80)
        let name = "PlaylistNotificationTests.testAddingATrackNotifiesOnceTheNewPlaylistIsInPlace:"
        let lines = style.wrap("- " + name + " XCTAssertEqual failed: (\"1\") is not equal to (\"2\")", indent: "      ")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        XCTAssertTrue(lines.joined().replacingOccurrences(of: " ", with: "").contains(name), "nothing cut: \(lines)")
        let unbroken = String(repeating: "x", count: 200)
        let cut = style.wrap(unbroken, indent: "    ")
        XCTAssertTrue(cut.allSatisfy { $0.count <= 80 }, "\(cut)")
        XCTAssertEqual(cut.joined().filter { $0 == "x" }.count, 200)
        let painted = Style(color: true, symbols: true, width: 30)
        XCTAssertTrue(painted.wrap(painted.bold(unbroken), indent: "").allSatisfy { Style.visibleCount($0) <= 30 })
    }

    /// A command at the end of a message is never broken where a shell would read two commands:
    /// it follows the prose when it fits, else takes lines of its own joined by a ` \`.
    func test_wrap_keepsATrailingCommandPasteable() {
        let style = Style(color: false, symbols: false, width: 80)
        let short = "The grader finds each exercise's file by its name and folder. Move yours back with: "
            + ShellCommand("mv", "Exercises/Mocking/My Tests (1).swift", "Exercises/Mocking/SearchFiresRequestTests.swift").line
        let lines = style.wrap(short, indent: "  ")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        XCTAssertEqual(lines.suffix(2), ["  mv 'Exercises/Mocking/My Tests (1).swift' \\", "    Exercises/Mocking/SearchFiresRequestTests.swift"])
        let fits = style.wrap("Grade it again: " + ShellCommand.grade("mocking-request").line, indent: "  ")
        XCTAssertEqual(fits, ["  Grade it again: Scripts/grade.sh mocking-request"])
    }

    func test_plainSwiftTest_filtersTheTypeItsTestsAreDeclaredIn_nestedOrNot() {
        let nested = """
            // A story that mentions struct Decoy { and a brace }
            import Testing
            extension TestURLProtocolSuites {
                @Suite @MainActor struct BlabberCountdownSuite {
                    let text = "struct Other {"
                    @Test func counts() async throws {}
                }
            }
            """
        XCTAssertEqual(PlainSwiftTest.typePath(of: "BlabberCountdownSuite", in: nested), ["TestURLProtocolSuites", "BlabberCountdownSuite"])
        XCTAssertEqual(PlainSwiftTest.typePath(of: "SearchTests", in: "import XCTest\nfinal class SearchTests: XCTestCase {\n func testA() {}\n}\n"),
                       ["SearchTests"])
        XCTAssertNil(PlainSwiftTest.typePath(of: "Missing", in: "struct Other {}"))
        let command = PlainSwiftTest.Command(filter: "SwiftConcurrencyExercises\\.TestURLProtocolSuites/BlabberCountdownSuite/", flag: "--disable-xctest")
        let lines = PlainSwiftTest.lines(command, label: "Or run just these tests:", indent: "  ", width: 80)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        XCTAssertEqual(lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                        .replacingOccurrences(of: "\\ ", with: ""), command.line, "the lines are one command to a shell")
    }

    func test_suggestions_findTyposByEditDistance() throws {
        XCTAssertEqual(Arguments.editDistance("mocking-requst", "mocking-request"), 1)
        XCTAssertEqual(Arguments.closest(to: "--wach", among: Arguments.options), ["--watch"])
        XCTAssertEqual(Arguments.closest(to: "--zzzzzz", among: Arguments.options), [])
        XCTAssertThrowsError(try Arguments.select(["p-tow"], from: try catalog())) {
            XCTAssertTrue("\($0)".contains("Did you mean p-two?"), "\($0)")
        }
        XCTAssertThrowsError(try Arguments.parse(["--demo"]))
        XCTAssertThrowsError(try Arguments.parse(["--watch", "a", "b"]))
        XCTAssertEqual(try Arguments.parse(["--watch", "a"]).ids, ["a"])
        XCTAssertEqual(try Arguments.parse(["--name", "Ana Lima"]).name, "Ana Lima")
    }

    func test_nextCard_givesAdviceThatFits() throws {
        let c = try catalog()
        let one = c.exercises[0], two = c.exercises[1]
        // A one-file exercise: no "in that order".
        let notStarted = NextStep.advice(for: result(one, c, Verdict(kind: .notStarted, reason: "")), gradedAlone: true)
        XCTAssertEqual(notStarted, ["Open Exercises/M/One.swift and follow its TODO."])
        XCTAssertTrue(NextStep.advice(for: result(two, c, Verdict(kind: .notStarted, reason: "")), gradedAlone: true)[0]
            .contains("in that order"))
        // A failing verdict: the hint once, not twice.
        let failing = NextStep.card([result(one, c, Verdict(kind: .failing, reason: "x", next: "Hint: grade.sh --hint p-one"))],
                                    catalog: c, lastVerdicts: [:])!
        XCTAssertEqual(failing.lines.filter { $0.hasPrefix("Hint:") }.count, 1, "\(failing.lines)")
        // Missed bugs that passed: no talk of callbacks; missed by hanging: the limit.
        var misses = Verdict(kind: .missesBugs, reason: "caught 1 of 2", missedChaffs: ["a"])
        XCTAssertFalse(NextStep.advice(for: result(one, c, misses), gradedAlone: true).joined().contains("callback"))
        misses.missedChaffsThatHung = ["a"]
        XCTAssertTrue(NextStep.advice(for: result(one, c, misses), gradedAlone: true).joined().contains("10 s"))
        // Does not compile, graded alone: no mention of other exercises.
        let broken = NextStep.advice(for: result(one, c, Verdict(kind: .doesNotCompile, reason: "x",
                                                                 next: "Fix the first error; the other exercises were graded without this one.")),
                                     gradedAlone: true)
        XCTAssertFalse(broken.joined().contains("other exercises"))
        // Done alone: name the next exercise to open.
        let done = NextStep.card([result(one, c, Verdict(kind: .done, reason: ""))], catalog: c, lastVerdicts: ["p-one": .done])!
        XCTAssertEqual(done.exerciseID, "p-two")
        // The last exercise done on its other track: the course goes on from its place, back to the first open one.
        let otherTrack = c.exercises[2].tracks[1]
        let doneOnOtherTrack = NextStep.card([result(otherTrack, c, Verdict(kind: .done, reason: ""))], catalog: c,
                                             lastVerdicts: ["p-three": .done])!
        XCTAssertEqual(doneOnOtherTrack.exerciseID, "p-one")
        // After a grade of many, the card says the verdict again, briefly: never a whole failure.
        let long = Verdict(kind: .rejectsCorrectCode, reason: "fails on a correct version of the code. Hint of w.",
                           details: [String(repeating: "a long failure message ", count: 40)], next: "advice")
        let card = NextStep.card([result(one, c, long), result(two, c, Verdict(kind: .notStarted, reason: ""))], catalog: c, lastVerdicts: [:])!
        XCTAssertFalse(card.text.contains("a long failure message"), card.text)
        XCTAssertTrue(card.text.contains("Hint of w."), card.text)
        let manyMissed = Verdict(kind: .missesBugs, reason: "caught 1 of 6 planted bugs. Your tests do not fail when:",
                                 details: (1...5).map { "- bug \($0)" }, missedChaffs: ["a", "b", "c", "d", "e"])
        let missedCard = NextStep.card([result(one, c, manyMissed), result(two, c, Verdict(kind: .notStarted, reason: ""))], catalog: c, lastVerdicts: [:])!
        XCTAssertEqual(missedCard.recap.filter { $0.hasPrefix("- ") }, ["- bug 1", "- bug 2", "- bug 3", "- and 2 more, above."])
        // Done with a note: the note is a next step.
        let noted = NextStep.card([result(one, c, Verdict(kind: .done, reason: "", next: "Bound your wait."))], catalog: c, lastVerdicts: nil)!
        XCTAssertTrue(noted.text.contains("Bound your wait."))
    }

    /// An exercise done on one track with the other unfinished: "done" said once, and each command
    /// ends its sentence, so that no width breaks it between its words ("… Scripts/grade.sh" then
    /// "p-three@swift-testing grades it alone" on the next line pasted as two commands).
    func test_nextCard_otherTrackUnfinished_saysDoneOnce_andEndsWithItsCommand() throws {
        let c = try catalog()
        let tracks = c.exercises[2].tracks
        let results = [result(tracks[0], c, Verdict(kind: .done, reason: "")),
                       result(tracks[1], c, Verdict(kind: .tooSlow, reason: "the tests took 3.01 s; this exercise's budget is 1.00 s."))]
        let card = try XCTUnwrap(NextStep.card(results, catalog: c, lastVerdicts: [:]))
        XCTAssertEqual(card.preface.filter { $0.contains("p-three is done") }.count, 1, "\(card.preface)")
        for line in card.preface + card.lines where line.contains("Scripts/grade.sh") {
            XCTAssertNotNil(ShellCommand.trailing(in: line), "the command ends its sentence: \(line)")
        }
        for width in [40, 60, 80, 100] {
            let lines = TextReport(style: Style(color: false, symbols: false, width: width), catalog: c)
                .summary(results, card: card).split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
            XCTAssertTrue(lines.contains { $0.hasSuffix("Scripts/grade.sh p-three@swift-testing") }, "whole at \(width): \(lines)")
            XCTAssertFalse(lines.contains { $0.hasSuffix("Scripts/grade.sh") }, "never cut after the script at \(width): \(lines)")
        }
    }

    /// Issue 46: `grade.sh p-three@swift-testing` with the XCTest track done in an earlier grade
    /// said "0/1 done" and "Grade it again": the count and the card count an exercise done when
    /// either track is, as --list and the room do.
    func test_aGradeOfOneTrack_countsTheExerciseDone_whenItsOtherTrackIsDone() throws {
        let c = try catalog()
        let swiftTesting = c.exercises[2].tracks[1]
        let results = [result(swiftTesting, c, Verdict(kind: .failing, reason: "a test fails on the real code."))]
        let last: [String: Verdict.Kind] = ["p-one": .done, "p-two": .failing, "p-three": .done]
        let card = try XCTUnwrap(NextStep.card(results, catalog: c, lastVerdicts: last))
        let text = TextReport(style: Style.plain, catalog: c).summary(results, card: card, lastVerdicts: last)
        XCTAssertTrue(text.contains("1/1 done"), text)
        XCTAssertFalse(text.contains("Grade it again"), text)
        XCTAssertTrue(text.contains("p-three is done in XCTest"), text)
        XCTAssertEqual(text.components(separatedBy: "p-three is done").count, 2, "said once, of the track that is done: \(text)")
        XCTAssertTrue(text.contains("Scripts/grade.sh p-three@swift-testing"), text)
        XCTAssertEqual(card.exerciseID, "p-two", "the course goes on to the first exercise not done")
        // With no other track done, the track's verdict stands for the exercise.
        let alone = try XCTUnwrap(NextStep.card(results, catalog: c, lastVerdicts: ["p-three": .failing]))
        XCTAssertTrue(TextReport(style: Style.plain, catalog: c).summary(results, card: alone, lastVerdicts: ["p-three": .failing]).contains("0/1 done"))
        XCTAssertTrue(alone.text.contains("Grade it again"), alone.text)
    }

    /// Issue 46: a one-exercise grade whose failure is a 200-line XCTAssertEqual dump scrolled its
    /// verdict and reason off the screen. On a terminal of 80x24 the screen's last 23 lines (the
    /// prompt takes one) keep the verdict line and its first reason, and say where the whole is.
    func test_aOneExerciseGradeWithA200LineFailure_keepsItsVerdictOnTheLastScreen() throws {
        let c = try catalog()
        let dump = (1...200).map { "    Track(id: \($0), title: \"Song \($0)\", artist: \"Artist\")," }.joined(separator: "\n")
        let verdict = Verdict(kind: .failing, reason: "a test fails on the real code:",
                              details: ["OneTests.testSearch: XCTAssertEqual failed: (\"[\n\(dump)\n]\") is not equal to (\"[]\")", "(Exercises/M/One.swift:12)"],
                              next: "Hint: grade.sh --hint p-one")
        let results = [result(c.exercises[0], c, verdict)]
        let report = TextReport(style: Style(color: false, symbols: false, width: 80, height: 24, terminal: true), catalog: c)
        let folded = report.foldedEntry(results[0], whole: ".build/kata/last-grade.txt")
        XCTAssertTrue(folded.cut)
        let card = NextStep.card(results, catalog: c, lastVerdicts: ["p-one": .failing])
        let screen = (["Grading your exercises · 1 exercise", ""] + folded.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                      + report.summary(results, card: card, lastVerdicts: ["p-one": .failing]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let last = screen.suffix(TextReport.screenLines)
        XCTAssertTrue(last.contains { $0.contains("p-one") && $0.contains("failing") }, last.joined(separator: "\n"))
        XCTAssertTrue(last.contains { $0.contains("a test fails on the real code") }, last.joined(separator: "\n"))
        XCTAssertTrue(last.contains { $0.contains("less .build/kata/last-grade.txt") }, last.joined(separator: "\n"))
        XCTAssertTrue(screen.allSatisfy { $0.count <= 80 }, screen.joined(separator: "\n"))
        // A short failure is shown whole.
        let short = report.foldedEntry(result(c.exercises[0], c, Verdict(kind: .failing, reason: "x", details: ["one line"])), whole: "w")
        XCTAssertFalse(short.cut)
    }

    /// A wrong id's or option's message ends with the command that helps, so that a terminal's
    /// wrapping (`Style.message`) keeps it whole, never `Scripts/gra` then `de.sh --list`; piped,
    /// each paragraph stays one line.
    func test_usageErrors_endWithTheirCommand_andWrapWhole() throws {
        let c = try catalog()
        var messages: [String] = []
        for typed in ["p-on", "99", "p-three@swift-testng"] {
            XCTAssertThrowsError(try Arguments.select([typed], from: c)) { messages.append("grade.sh: \($0)") }
        }
        XCTAssertThrowsError(try Arguments.parse(["--wach"])) { messages.append(GradeCommand.parseFailure($0)) }
        XCTAssertEqual(messages.count, 4)
        for message in messages {
            for paragraph in message.split(separator: "\n").map(String.init) where paragraph.contains("Scripts/grade.sh") {
                XCTAssertNotNil(ShellCommand.trailing(in: paragraph), "the command ends its sentence: \(paragraph)")
            }
            XCTAssertEqual(Style(color: false, symbols: false, width: 80).message(message), message, "piped: as written")
            for width in [40, 60, 80] {
                let lines = Style(color: false, symbols: false, width: width, terminal: true).message(message).split(separator: "\n")
                XCTAssertTrue(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
                XCTAssertTrue(lines.contains { $0.hasSuffix("Scripts/grade.sh --list") || $0.hasSuffix("Scripts/grade.sh --help") }, "\(width): \(lines)")
            }
        }
    }

    /// The card says the verdict again (its recap) only when the verdict has scrolled off a screen
    /// of 23 lines; the JSON report's text always carries it.
    func test_summary_recapsTheVerdict_onlyWhenItIsNoLongerOnTheScreen() throws {
        let c = try catalog()
        let one = c.exercises[0], two = c.exercises[1]
        let results = [result(one, c, Verdict(kind: .failing, reason: "testA failed: expected 2.")),
                       result(two, c, Verdict(kind: .notStarted, reason: ""))]
        let card = try XCTUnwrap(NextStep.card(results, catalog: c, lastVerdicts: [:]))
        XCTAssertEqual(card.recap, ["Failing: testA failed: expected 2."])
        XCTAssertTrue(card.text.contains("Failing: testA failed"), card.text)
        let report = TextReport(style: Style(color: false, symbols: false, width: 80), catalog: c)
        XCTAssertFalse(report.summary(results, card: card, linesSince: ["p-one": 4]).contains("Failing:"))
        XCTAssertTrue(report.summary(results, card: card, linesSince: ["p-one": 20]).contains("Failing:"))
        XCTAssertTrue(report.summary(results, card: card).contains("Failing:"))
    }

    func test_needs_isSaidWithWhatItNeeds_doesNotCount_andIsNeverTheNextExercise() throws {
        let c = try catalog()
        let one = c.exercises[0], two = c.exercises[1]
        let unmet = TestPlatform.Unmet(what: "macOS 26", have: "this Mac has 15.5", install: "Update this Mac to macOS 26 or later")
        let needs = Judge.needs(unmet, exercise: one)
        XCTAssertEqual(needs.kind, .needs)
        XCTAssertEqual(needs.reason, "macOS 26 (this Mac has 15.5)")
        let report = TextReport(style: Style(color: false, symbols: false, width: 80), catalog: c)
        XCTAssertTrue(report.headline(result(one, c, needs)).hasSuffix("needs macOS 26 (this Mac has 15.5)"), report.headline(result(one, c, needs)))
        XCTAssertTrue(TextReport.porcelain(result(one, c, needs)).hasPrefix("p-one\tneeds\tmacOS 26 (this Mac has 15.5)"))
        let results = [result(one, c, needs), result(two, c, Verdict(kind: .done, reason: ""))]
        let summary = report.summary(results, card: NextStep.card(results, catalog: c, lastVerdicts: nil))
        XCTAssertTrue(summary.contains("1/1 done"), summary)
        let json = JSONReport(results: results, source: "exercises")
        XCTAssertEqual(json.status, .pass)
        XCTAssertEqual("\(json.done)/\(json.total)", "1/1")
        XCTAssertEqual(json.exercises[0].status, .needs)
        let card = try XCTUnwrap(NextStep.card(results, catalog: c, lastVerdicts: ["p-one": .needs, "p-two": .done]))
        XCTAssertNotEqual(card.exerciseID, "p-one")
        XCTAssertTrue(card.text.contains("p-one needs macOS 26 (this Mac has 15.5): it does not count."), card.text)
        let failing = NextStep.card([result(one, c, needs), result(two, c, Verdict(kind: .failing, reason: "x"))], catalog: c, lastVerdicts: [:])
        XCTAssertEqual(failing?.exerciseID, "p-two")
    }

    func test_hint_ofTheOtherTrack_givesItsOwnTitleAndItsPlaceInTheCourse() throws {
        let c = try catalog()
        let text = HintCommand.text(c.exercises[2].tracks[1], catalog: c, style: Style(color: false, symbols: false, width: 80))
        XCTAssertTrue(text.contains("p-three · Three, swiftly"), text)
        XCTAssertTrue(text.contains("exercise 3 of 3"), text)
    }

    func test_reset_namesExercisesThatShareTheFile() throws {
        let c = try catalog()
        let warnings = ResetCommand.sharedFileWarnings(c.exercises[1], files: ["Mock.swift", "TwoTests.swift"], catalog: c)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("p-three"), warnings[0])
    }

    func test_resetBackupFolders_neverCollide() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = KataPaths(root: root)
        let first = try ResetCommand.makeBackupFolder(paths, name: "20260101-000000-p-one")
        let second = try ResetCommand.makeBackupFolder(paths, name: "20260101-000000-p-one")
        XCTAssertNotEqual(first, second)
    }

    func test_json_writesNullRatherThanLeavingKeysOut() throws {
        let c = try catalog()
        let report = JSONReport(results: [result(c.exercises[0], c, Verdict(kind: .notStarted, reason: "r"))],
                                source: "exercises", attendee: Attendee(name: "Ana", host: "h"))
        let object = try JSONSerialization.jsonObject(with: report.encoded()) as! [String: Any]
        let entry = (object["exercises"] as! [[String: Any]])[0]
        XCTAssertTrue(entry.keys.contains("testSeconds"))
        XCTAssertTrue(entry["testSeconds"] is NSNull)
        XCTAssertTrue(object.keys.contains("message"))
        XCTAssertEqual(object["attendee"] as? String, "Ana")
        XCTAssertEqual(entry["next"] as? String, "Open Exercises/M/One.swift and follow its TODO.")
        // Typed, written in the verdicts' and statuses' own words.
        XCTAssertEqual(entry["status"] as? String, "not started")
        XCTAssertEqual(entry["exerciseStatus"] as? String, "not started")
        XCTAssertEqual(object["status"] as? String, "fail")
        XCTAssertEqual(try JSONDecoder().decode(JSONReport.self, from: report.encoded()), report, "read back as written")
    }

    /// A results file is read typed: a word that is no verdict makes it no results file of this
    /// version, and `--merge` says where the word is.
    func test_json_withAWordThatIsNoVerdict_isNoResultsFile() throws {
        let c = try catalog()
        let report = JSONReport(results: [result(c.exercises[0], c, Verdict(kind: .failing, reason: "r"))], source: "exercises")
        let text = String(decoding: report.encoded(), as: UTF8.self).replacingOccurrences(of: "\"status\" : \"failing\"", with: "\"status\" : \"won\"")
        XCTAssertThrowsError(try JSONDecoder().decode(JSONReport.self, from: Data(text.utf8))) { error in
            XCTAssertEqual(MergeCommand.unknownWord(error), "; exercises[0].status is none of the verdicts")
        }
    }
}

/// A three-exercise course (the third in both frameworks), shared by the report's tests.
enum ReportFixtures {
    static func catalog() throws -> Catalog {
        let json = """
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [
               {"id": "p-one", "pattern": "p", "title": "One", "files": ["One.swift"], "hint": "h1"},
               {"id": "p-two", "pattern": "p", "title": "Two", "files": ["Mock.swift", "TwoTests.swift"], "hint": "h2"},
               {"id": "p-three", "pattern": "p", "title": "Three", "files": ["Three.swift"], "uses": ["Mock.swift"], "hint": "h3",
                "alternate": {"framework": "swift-testing", "files": ["SwiftTesting/ThreeSuite.swift"], "uses": ["Mock.swift"],
                              "title": "Three, swiftly"}}
             ]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID()).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Catalog.load(from: url)
    }

    static func result(_ exercise: Catalog.Exercise, _ catalog: Catalog, _ verdict: Verdict) -> ExerciseResult {
        ExerciseResult(exercise: exercise, pattern: catalog.pattern(of: exercise), verdict: verdict, seconds: 1)
    }
}
