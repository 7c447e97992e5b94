import XCTest
@testable import KataGradingCore

/// What an attendee's editor and habits do to their files: the starter compared by what matters,
/// files they add, and two tracks of one exercise.
final class AttendeeFilesTests: XCTestCase {
    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "mocking-success", "pattern": "p", "title": "t", "idea": "i", "files": ["SuccessTests.swift"], "uses": ["Mock.swift"], "hint": "h",
         "alternate": {"framework": "swift-testing", "files": ["SwiftTesting/SuccessSuite.swift"], "uses": ["Mock.swift"]}}
        """.utf8))

    // MARK: - Starters

    func test_aStarterIsStillTheStarter_afterAnEditorAddsABOMCRLFTrailingSpacesOrAFinalNewline() {
        let starter = "// Exercise x: t.\n\nimport XCTest\n    // TODO: write it\n"
        let starters = ShippedStarters(texts: ["M/A.swift": starter])
        let edited = "\u{FEFF}" + starter.replacingOccurrences(of: "\n", with: "  \r\n") + "\r\n\r\n"
        XCTAssertTrue(starters.isStarter("M/A.swift", Data(edited.utf8)))
        XCTAssertTrue(starters.isStarter("M/A.swift", Data(starter.dropLast().utf8)), "no final newline")
        XCTAssertTrue(starters.isStarter("M/A.swift", Data(starter.replacingOccurrences(of: "\n", with: "\r").utf8)), "old Mac endings")
        XCTAssertFalse(starters.isStarter("M/A.swift", Data(starter.replacingOccurrences(of: "TODO", with: "DONE").utf8)))
        XCTAssertFalse(starters.isStarter("M/A.swift", Data(starter.replacingOccurrences(of: "    //", with: "//").utf8)), "indentation is content")
        XCTAssertFalse(starters.isStarter("M/B.swift", Data(starter.utf8)), "a file with no recorded starter")
        XCTAssertTrue(starters.isStarter("M/A.swift", Data(starter.replacingOccurrences(of: "\n\n", with: "\n \t\r\n").utf8)), "a blank line of spaces, mixed endings")
        XCTAssertFalse(starters.isStarter("M/A.swift", Data(starter.replacingOccurrences(of: "\n\n", with: "\n").utf8)), "a blank line is content")
        XCTAssertFalse(starters.isStarter("M/A.swift", Data([0xFF, 0xFE] + Array(starter.utf8))), "not UTF-8")
    }

    func test_startersRoundTripThroughTheirFile() throws {
        let starters = ShippedStarters(texts: ["M/A.swift": "a\r\nb", "M/Sub/B.swift": "\u{FEFF}b"])
        XCTAssertEqual(try ShippedStarters.decoded(from: starters.encoded()), starters)
        XCTAssertThrowsError(try ShippedStarters.decoded(from: Data(#"{"M/A.swift": "fnv1a64:1"}"#.utf8)))
    }

    // MARK: - Added files

    /// An editor that saved `SuccessTests.swift` as `successtests.swift`: one file on a Mac's disk,
    /// two in git and on Linux. It is the exercise's file in another case, never an added helper
    /// (a Mac would compile it twice) nor a stray test; the grade says so on both systems.
    func test_aFileDifferingOnlyInCase_isNamedAsSuch_neverAnAddedFile() {
        let files = [
            "Mock.swift": "final class MockHTTPClient {}",
            "SuccessTests.swift": "// Exercise mocking-success: t.\nimport XCTest\nfinal class SuccessTests: XCTestCase {}",
            "successtests.swift": "// Exercise mocking-success: t.\nimport XCTest\nfinal class SuccessTests: XCTestCase { func testIt() {} }",
        ]
        let attachment = ExtraFiles.attach(tracks: exercise.tracks, files: files)
        XCTAssertEqual(attachment.caseVariants, ["successtests.swift": "SuccessTests.swift"])
        XCTAssertEqual(attachment.byTrack, [:])
        XCTAssertEqual(attachment.unattachedTests, [])
    }

    /// Over the course (`attach(tracks:modules:)`, what a grade's plan asks): a module's added
    /// files go to that module's tracks only, and what is named across modules says its module.
    func test_overTheCourse_aModulesAddedFilesGoToItsOwnTracks_andAreNamedWithTheirModule() throws {
        var mocking = exercise
        mocking.module = "Mocking"
        var other = try JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
            {"id": "other-one", "pattern": "q", "title": "t", "files": ["OtherTests.swift"], "hint": "h"}
            """.utf8))
        other.module = "Other"
        let attachment = ExtraFiles.attach(tracks: mocking.tracks + [other], modules: [
            ("Mocking", ["Mock.swift": "final class MockHTTPClient {}", "Helpers.swift": "func helper() {}",
                         "SuccessTests.swift": "import XCTest\nfinal class SuccessTests: XCTestCase { func testIt() { helper() } }",
                         "StrayTests.swift": "import XCTest\nfinal class StrayTests: XCTestCase { func testIt() {} }"]),
            ("Other", ["OtherTests.swift": "import XCTest\nfinal class OtherTests: XCTestCase {}",
                       "OtherHelpers.swift": "func helper() {}",
                       "othertests.swift": "import XCTest\nfinal class OtherTests: XCTestCase {}"]),
        ])
        XCTAssertEqual(attachment.byTrack, ["mocking-success": ["Helpers.swift"]], "Other's helper is not Mocking's")
        XCTAssertEqual(attachment.unattachedTests, ["Mocking/StrayTests.swift"])
        XCTAssertEqual(attachment.caseVariants, ["Other/othertests.swift": "Other/OtherTests.swift"])
    }

    /// How each system finds an exercise's file: Linux by its exact name; a Mac (and Linux taking
    /// its decisions) also under another case, when exactly one name matches.
    func test_lookingUpAFile_byItsCase() {
        let mac = TestPlatform(system: .macOS), linux = TestPlatform(system: .linux)
        XCTAssertEqual(mac.lookUp("SuccessTests.swift", among: ["successtests.swift", "Mock.swift"]), "successtests.swift")
        XCTAssertNil(linux.lookUp("SuccessTests.swift", among: ["successtests.swift", "Mock.swift"]))
        XCTAssertEqual(linux.lookUp("SuccessTests.swift", among: ["SuccessTests.swift", "successtests.swift"]), "SuccessTests.swift", "the exact name first")
        XCTAssertEqual(mac.lookUp("SuccessTests.swift", among: ["SuccessTests.swift", "successtests.swift"]), "SuccessTests.swift")
        XCTAssertNil(mac.lookUp("SuccessTests.swift", among: ["successTests.swift", "successtests.swift"]), "two candidates: none is taken")
        XCTAssertFalse(TestPlatform.differOnlyInCase("A.swift", "A.swift"))
        XCTAssertTrue(TestPlatform.differOnlyInCase("A.swift", "a.swift"))
    }

    func test_aHelperAFileUsesIsGradedWithIt_andWhatTheHelperUsesToo() {
        let files = [
            "Mock.swift": "final class MockHTTPClient {}",
            "SuccessTests.swift": "// Exercise mocking-success: t.\nimport XCTest\nfinal class SuccessTests: XCTestCase { func testIt() { _ = daftPunkJSON() } }",
            "SwiftTesting/SuccessSuite.swift": "// Exercise mocking-success (Swift Testing): t.\nimport Testing\n@Suite struct SuccessSuite {}",
            "Helpers.swift": "import Foundation\n\nfunc daftPunkJSON() -> Data { Data(trackJSON.utf8) }\n",
            "Fixtures.swift": "let trackJSON = \"{}\"\n",
            "Unused.swift": "func nobodyCallsThis() {}\n",
        ]
        let attachment = ExtraFiles.attach(tracks: exercise.tracks, files: files)
        XCTAssertEqual(attachment.byTrack["mocking-success"], ["Fixtures.swift", "Helpers.swift"])
        XCTAssertNil(attachment.byTrack["mocking-success@swift-testing"])
        XCTAssertEqual(attachment.unattachedTests, [])
    }

    func test_aFileWithAnExercisesHeaderIsGradedWithTheTrackOfTheFrameworkItImports() {
        let files = [
            "Mock.swift": "final class MockHTTPClient {}",
            "SuccessTests.swift": "// Exercise mocking-success: t.\nimport XCTest",
            "SwiftTesting/SuccessSuite.swift": "// Exercise mocking-success (Swift Testing): t.\nimport Testing",
            "SwiftTesting/MoreSuccess.swift": "\u{FEFF}// Exercise mocking-success (Swift Testing): more.\nimport Testing\n@Suite struct MoreSuccess { @Test func more() {} }",
            "SwiftTesting/MySuite.swift": "import Testing\n@Suite struct MySuite { @Test func mine() {} }",
        ]
        let attachment = ExtraFiles.attach(tracks: exercise.tracks, files: files)
        XCTAssertEqual(attachment.byTrack["mocking-success@swift-testing"], ["SwiftTesting/MoreSuccess.swift"])
        XCTAssertNil(attachment.byTrack["mocking-success"])
        XCTAssertEqual(attachment.unattachedTests, ["SwiftTesting/MySuite.swift"], "tests that belong to no exercise are said")
    }

    /// A helper that an untouched starter only names (in a comment) goes with that track's build,
    /// but never starts it: only a file headed for a track does (`headed`, what the plan reads).
    func test_aHelperAStarterOnlyNames_goesWithItsBuild_butStartsNoTrack() {
        let files = [
            "Mock.swift": "final class MockHTTPClient {}",
            "SuccessTests.swift": "// Exercise mocking-success: t.\nimport XCTest\nfinal class SuccessTests: XCTestCase { func testIt() { _ = waitForTracks() } }",
            "SwiftTesting/SuccessSuite.swift": "// Exercise mocking-success (Swift Testing): t.\n// Write waitForTracks() as an async helper.\nimport Testing\n@Suite struct SuccessSuite {}",
            "MyHelpers.swift": "import Foundation\n\nfunc waitForTracks() -> Bool { true }\n",
            "SwiftTesting/MoreSuccess.swift": "// Exercise mocking-success (Swift Testing): more.\nimport Testing\n@Suite struct MoreSuccess { @Test func more() {} }",
        ]
        let attachment = ExtraFiles.attach(tracks: exercise.tracks, files: files)
        XCTAssertEqual(attachment.byTrack["mocking-success"], ["MyHelpers.swift"])
        XCTAssertEqual(attachment.byTrack["mocking-success@swift-testing"], ["MyHelpers.swift", "SwiftTesting/MoreSuccess.swift"])
        XCTAssertEqual(attachment.headed, ["mocking-success@swift-testing": ["SwiftTesting/MoreSuccess.swift"]])
        var withoutHeaded = files
        withoutHeaded["SwiftTesting/MoreSuccess.swift"] = nil
        XCTAssertEqual(ExtraFiles.attach(tracks: exercise.tracks, files: withoutHeaded).headed, [:], "a helper found by use starts no track")
    }

    func test_namesAFileDeclaresItselfDoNotPullInAHelperThatDeclaresThemToo() {
        let files = [
            "Mock.swift": "final class MockHTTPClient {}",
            "SuccessTests.swift": "import XCTest\nfinal class SuccessTests: XCTestCase {\n    func makeSUT() {}\n    func testA() { makeSUT() }\n}",
            "SwiftTesting/SuccessSuite.swift": "import Testing",
            "Other.swift": "import XCTest\nextension XCTestCase {\n    func makeSUT() {}\n}\n",
        ]
        XCTAssertEqual(ExtraFiles.attach(tracks: exercise.tracks, files: files).byTrack, [:])
    }

    // MARK: - Two tracks, one exercise

    func result(_ track: Catalog.Exercise, _ kind: Verdict.Kind) -> ExerciseResult {
        ExerciseResult(exercise: track, pattern: Catalog.Pattern(id: "p", title: "P", module: "M", summary: ""),
                       verdict: Verdict(kind: kind, reason: ""), seconds: 0)
    }

    func test_anExerciseIsDoneWhenEitherTrackIs_elseItsFirstTrackSpeaks() {
        let (xc, st) = (exercise.tracks[0], exercise.tracks[1])
        let doneInSwiftTesting = [result(xc, .failing), result(st, .done)].byExercise()
        XCTAssertEqual(doneInSwiftTesting.count, 1)
        XCTAssertTrue(doneInSwiftTesting[0].isDone)
        XCTAssertEqual(doneInSwiftTesting[0].unfinishedTracks.map(\.exercise.key), ["mocking-success"], "the failing track is kept")
        XCTAssertEqual([result(xc, .failing), result(st, .missesBugs)].byExercise()[0].standing.verdict.kind, .failing)
        // The room takes the result it received last: the standing track goes last.
        XCTAssertEqual([result(xc, .failing), result(st, .done)].standingLast().map(\.exercise.key),
                       ["mocking-success", "mocking-success@swift-testing"])
        XCTAssertEqual([result(xc, .failing), result(st, .missesBugs)].standingLast().map(\.exercise.key),
                       ["mocking-success@swift-testing", "mocking-success"])
    }

    func test_theNextCardMovesOnFromAnExerciseDoneInOneFramework_andSaysTheOtherTrack() throws {
        let (xc, st) = (exercise.tracks[0], exercise.tracks[1])
        let catalog = try Catalog.decoded(from: Data("""
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [{"id": "mocking-success", "pattern": "p", "title": "t", "files": ["SuccessTests.swift"], "hint": "h"},
                           {"id": "after", "pattern": "p", "title": "After", "files": ["AfterTests.swift"], "hint": "h2"}]}
            """.utf8), path: "catalog.json")
        let card = try XCTUnwrap(NextStep.card([result(xc, .failing), result(st, .done)], catalog: catalog, lastVerdicts: [:]))
        XCTAssertEqual(card.exerciseID, "after")
        XCTAssertTrue(card.preface.contains { $0.contains("mocking-success is done in Swift Testing") && $0.contains("XCTest track of it is failing") }, "\(card.preface)")
    }

    /// A verdict said inside a sentence reads as English, whichever it is: "your XCTest track of it
    /// rejects correct code", never "… of it is rejects correct code".
    func test_aVerdictInsideASentence_readsAsEnglish_forEveryKind() throws {
        let (xc, st) = (exercise.tracks[0], exercise.tracks[1])
        let catalog = try Catalog.decoded(from: Data("""
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [{"id": "mocking-success", "pattern": "p", "title": "t", "files": ["SuccessTests.swift"], "hint": "h"}]}
            """.utf8), path: "catalog.json")
        let verbs = ["is ", "does ", "hangs", "crashed", "misses ", "rejects ", "needs "]
        for kind in Verdict.Kind.allCases {
            XCTAssertTrue(verbs.contains { kind.phrase.hasPrefix($0) }, "\(kind): \(kind.phrase)")
            XCTAssertFalse(kind.phrase.hasPrefix("is ") && verbs.dropFirst().contains { kind.phrase.dropFirst(3).hasPrefix($0) }, kind.phrase)
            guard kind != .done, kind != .notStarted, kind.counts else { continue }
            let card = try XCTUnwrap(NextStep.card([result(xc, kind), result(st, .done)], catalog: catalog, lastVerdicts: [:]))
            XCTAssertTrue(card.preface.contains { $0.contains("XCTest track of it \(kind.phrase) (above)") }, "\(card.preface)")
            XCTAssertFalse(card.text.contains("is \(kind.rawValue)") && !kind.phrase.hasPrefix("is "), card.text)
        }
    }
}
