import XCTest
@testable import KataGradingCore

/// `BuildLog.blame` on real logs of the shadow copy's `swift build` (`Golden/swiftpm-build-*.log`,
/// recorded from the kata with Swift 6.2.3 on Linux): one kind of failure each, every one charged
/// to the exercise whose file caused it, at the place an attendee can open.
final class BuildLogGoldenTests: XCTestCase {
    /// Targets of the kata's shadow copy, the failing ones among them, and their other tracks' twins.
    let targets: Set<String> = ["Grade_mocking_success", "Grade_mocking_success__swift_testing", "Grade_mocking_failure",
                                "Grade_mocking_failure__swift_testing", "Grade_swift_concurrency_confirmation",
                                "Grade_swift_concurrency_confirmation__xctest", "Grade_expectations_count",
                                "Grade_expectations_count__swift_testing"]

    func blame(_ name: String) -> [BuildLog.Blame] {
        BuildLog.blame(String(decoding: Golden.data("swiftpm-build-\(name).log"), as: UTF8.self), targets: targets)
    }

    func test_aCompileErrorInAnAttendeesFile_isChargedToItsFileAndLine() {
        XCTAssertEqual(blame("compile-error"), [
            BuildLog.Blame(target: "Grade_mocking_success__swift_testing", file: "SwiftTesting/SearchSuccessResponseSuite.swift", line: 48,
                           message: "cannot convert value of type 'String' to specified type 'Int'"),
        ], "the driver's own 'emit-module command failed' names no file and is passed over")
    }

    func test_anErrorInsideAMacroExpansion_isChargedToTheFileItsNoteNames() {
        XCTAssertEqual(blame("macro-expansion"), [
            BuildLog.Blame(target: "Grade_swift_concurrency_confirmation", file: "ChatFeedTests.swift", line: 52,
                           message: "missing argument for parameter 'x' in call"),
        ])
    }

    func test_aLinkError_isChargedToTheObjectsExercise_inTheLinkersWords() {
        XCTAssertEqual(blame("link-error"), [
            BuildLog.Blame(target: "Grade_mocking_failure__swift_testing", file: "SearchFailureResponseSuite.swift", line: nil,
                           message: "undefined reference to `kata_golden_missing_symbol'"),
        ], "the object sits under the shadow copy's build folder, itself under the checkout's .build/")
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
        let blames = blame("nested-test-class")
        XCTAssertEqual(blames.count, 1, "\(blames)")
        XCTAssertEqual(blames.first?.target, "Grade_expectations_count")
        XCTAssertEqual(blames.first?.inTestDiscovery, true)
        XCTAssertEqual(blames.first?.message, "cannot find type 'NestedTests' in scope")
        XCTAssertNil(blames.first?.file, "the file is SwiftPM's, not the attendee's: the grader finds the class's declaration")
    }

    func test_eachBlame_isJudgedDoesNotCompile_atTheAttendeesFileAndLine() {
        for (name, file) in [("compile-error", "Exercises/Mocking/SwiftTesting/SearchSuccessResponseSuite.swift"),
                             ("macro-expansion", "Exercises/SwiftConcurrency/ChatFeedTests.swift")] {
            guard let blame = blame(name).first else { XCTFail(name); continue }
            let verdict = Judge.doesNotCompile(CompileError(file: file, line: blame.line ?? 1, message: blame.message))
            XCTAssertEqual(verdict.kind, .doesNotCompile, name)
            XCTAssertEqual(verdict.reason, "\(file):\(blame.line ?? 1): \(blame.message)", name)
        }
    }

    func test_aLogOfOtherTargetsOnly_blamesNoExercise() {
        XCTAssertEqual(BuildLog.blame(String(decoding: Golden.data("swiftpm-build-link-error.log"), as: UTF8.self),
                                      targets: ["Grade_mocking_request"]), [],
                       "an error in no exercise's target is the kata's own, not an attendee's")
    }
}
