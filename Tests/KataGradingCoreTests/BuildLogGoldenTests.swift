import XCTest
@testable import KataGradingCore

/// `BuildLog.blame` on real logs of `swift build --build-tests` (`Golden/swiftpm-build-<fault>-<version>.log`:
/// 6.2.3's of the kata's shadow copy, later ones of the probe, shaped like it), one kind of failure
/// each, for every toolchain recorded: every one charged to the exercise whose file caused it, at
/// the place an attendee can open, compared whole.
final class BuildLogGoldenTests: XCTestCase {
    /// Targets of the kata's shadow copy, the failing ones among them, and their other tracks' twins.
    let targets: Set<String> = ["Grade_mocking_success", "Grade_mocking_success__swift_testing", "Grade_mocking_failure",
                                "Grade_mocking_failure__swift_testing", "Grade_swift_concurrency_confirmation",
                                "Grade_swift_concurrency_confirmation__xctest", "Grade_expectations_count",
                                "Grade_expectations_count__swift_testing"]

    func blames(_ fault: String) -> [(version: String, blames: [BuildLog.Blame])] {
        let recordings = Golden.recordings("swiftpm-build-\(fault)", "log")
        XCTAssertGreaterThanOrEqual(recordings.count, 2, "\(fault): recorded with 6.2.3 and 6.3.1 at least")
        return recordings.map { ($0.version, BuildLog.blame($0.text, targets: targets)) }
    }

    func test_aCompileErrorInAnAttendeesFile_isChargedToItsFileAndLine() {
        for (version, blames) in blames("compile-error") {
            XCTAssertEqual(blames, [
                BuildLog.Blame(target: "Grade_mocking_success__swift_testing", file: "SwiftTesting/SearchSuccessResponseSuite.swift", line: 48,
                               message: "cannot convert value of type 'String' to specified type 'Int'"),
            ], "\(version): the driver's own 'emit-module command failed' names no file and is passed over")
        }
    }

    func test_anErrorInsideAMacroExpansion_isChargedToTheFileItsNoteNames() {
        for (version, blames) in blames("macro-expansion") {
            XCTAssertEqual(blames, [
                BuildLog.Blame(target: "Grade_swift_concurrency_confirmation", file: "ChatFeedTests.swift", line: 52,
                               message: "missing argument for parameter 'x' in call"),
            ], version)
        }
    }

    /// GNU ld (bfd, Debian's 6.2.3) names the object that asked for the symbol; gold (swift.org's
    /// 6.3.1) names only the macro's expansion buffer, which is no track's: the grader then looks for
    /// the symbol in each track's objects (`ShadowBuild`), from the linker's words.
    func test_aLinkError_isChargedToTheObjectsExercise_inTheLinkersWords_whereTheLinkerNamesIt() {
        for recording in Golden.recordings("swiftpm-build-link-error", "log") {
            let namesTheObject = recording.text.contains(".swift.o:")
            XCTAssertEqual(BuildLog.blame(recording.text, targets: targets), namesTheObject ? [
                BuildLog.Blame(target: "Grade_mocking_failure__swift_testing", file: "SearchFailureResponseSuite.swift", line: nil,
                               message: "undefined reference to `kata_golden_missing_symbol'"),
            ] : [], recording.version)
            XCTAssertEqual(BuildLog.undefinedSymbols(in: recording.text), ["kata_golden_missing_symbol"], recording.version)
        }
        XCTAssertTrue(Golden.recordings("swiftpm-build-link-error", "log").contains { $0.text.contains(".swift.o:") },
                      "at least one recording names the object (6.2.3's, GNU ld)")
    }

    /// Gold's line for a symbol that Swift's code asked for names no object (`<compiler-generated>`,
    /// seen with Debian's Swift 6.2.3); the grader then looks for the name in each track's objects.
    func test_theSymbolsAFailedLinkMissed_areReadFromEachLinkersWords() {
        let log = """
        //<compiler-generated>:0: error: undefined reference to 'kata_gold_missing'
        /tmp/x/Grade_a.build/A.swift.o:A.swift:function main: error: undefined reference to `kata_bfd_missing'
        ld.lld: error: undefined symbol: $s4Main7missingyyF
        //<compiler-generated>:0: error: undefined reference to 'kata_gold_missing'
        clang: error: linker command failed with exit code 1 (use -v to see invocation)
        """
        XCTAssertEqual(BuildLog.undefinedSymbols(in: log), ["kata_gold_missing", "kata_bfd_missing", "$s4Main7missingyyF"])
        XCTAssertEqual(BuildLog.blame("//<compiler-generated>:0: error: undefined reference to 'kata_gold_missing'", targets: targets), [],
                       "nothing in gold's line names a track")
    }

    func test_SwiftPMsDiscoveryFailingOnANestedTestClass_isChargedToItsExercise_asDiscovery() {
        for (version, blames) in blames("nested-test-class") {
            XCTAssertEqual(blames, [
                BuildLog.Blame(target: "Grade_expectations_count", file: nil, line: nil, message: "cannot find type 'NestedTests' in scope",
                               inTestDiscovery: true),
            ], "\(version): the file is SwiftPM's, not the attendee's: the grader finds the class's declaration")
        }
    }

    func test_eachBlame_isJudgedDoesNotCompile_atTheAttendeesFileAndLine() {
        for (name, file) in [("compile-error", "Exercises/Mocking/SwiftTesting/SearchSuccessResponseSuite.swift"),
                             ("macro-expansion", "Exercises/SwiftConcurrency/ChatFeedTests.swift")] {
            for (version, blames) in blames(name) {
                guard let blame = blames.first else { XCTFail("\(name) \(version)"); continue }
                let verdict = Judge.doesNotCompile(CompileError(file: file, line: blame.line ?? 1, message: blame.message))
                XCTAssertEqual(verdict.kind, .doesNotCompile, name)
                XCTAssertEqual(verdict.reason, "\(file):\(blame.line ?? 1): \(blame.message)", name)
            }
        }
    }

    func test_aLogOfOtherTargetsOnly_blamesNoExercise() {
        for fault in ["compile-error", "macro-expansion", "link-error", "nested-test-class"] {
            for recording in Golden.recordings("swiftpm-build-\(fault)", "log") {
                XCTAssertEqual(BuildLog.blame(recording.text, targets: ["Grade_mocking_request"]), [],
                               "\(fault) \(recording.version): an error in no exercise's target is the kata's own, not an attendee's")
            }
        }
    }
}
