import XCTest
import KataRoom
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// The fallback to `swift test` when the private channel is silent, and the doctor's pure parts:
/// when the fallback starts, what a `swift test` run becomes, how its verdicts are marked, and
/// the doctor's findings and summary line. (The fallback runs for real in KataEndToEndTests'
/// `test_withTheChannelSilent_…`, the doctor in `Scripts/doctor-selftest.sh`.)
final class ChannelFallbackTests: XCTestCase {
    func test_aRunThatEndedWithNotOneRecordIsSilent_trappedToo_butNotOneThatHung() {
        XCTAssertTrue(ChannelFallback.isSilent(ProcessResult(termination: .exited(1), seconds: 1, output: "", run: RunSummary(report: RunReport()))))
        XCTAssertTrue(ChannelFallback.isSilent(ProcessResult(termination: .exited(0), seconds: 1, output: "", run: RunSummary(report: RunReport()))))
        var started = RunReport()
        started.declare("A.test")
        XCTAssertFalse(ChannelFallback.isSilent(ProcessResult(termination: .exited(0), seconds: 1, output: "", run: RunSummary(report: started))),
                       "a run that reached its framework's first record is judged as usual, silenced later or not")
        XCTAssertFalse(ChannelFallback.isSilent(ProcessResult(termination: .timedOut, seconds: 1, output: "", run: RunSummary(report: RunReport()))))
        XCTAssertTrue(ChannelFallback.isSilent(ProcessResult(termination: .signaled(SIGILL), seconds: 1, output: "", run: RunSummary(report: RunReport()))),
                      "a testing helper that cannot open the binary traps before anything is reported: the canary decides")
    }

    /// The canary's run, in each shape the self-test's switch forces, and as it is when it reported.
    func test_theCanaryFails_whenSilent_exitingNonZero_trapping_orRefusedByTheHelper() throws {
        var reported = RunReport()
        reported.declare("KataShadowCanary.testTheChannelReports")
        let passed = TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)
        let healthy = ProcessResult(termination: .exited(0), seconds: 1, output: "", run: RunSummary(report: reported))
        XCTAssertNil(ChannelFallback.canaryFailure(healthy, outcome: passed, framework: .xctest))
        var failures: [ChannelFallback.CanaryShape: String] = [:]
        for shape in ChannelFallback.CanaryShape.allCases {
            let fallback = ChannelFallback(silenced: [.xctest], shapes: [.xctest: shape], system: .linux)
            var result = healthy
            fallback.applySwitch(toCanary: &result, framework: .xctest)
            failures[shape] = ChannelFallback.canaryFailure(result, outcome: passed, framework: .xctest)
        }
        XCTAssertEqual(failures[.silent], "the grader's own test reported nothing through it")
        XCTAssertEqual(failures[.exit], "the grader's own test exited with code 3 with nothing reported")
        XCTAssertEqual(failures[.trap], "the grader's own test trapped (signal \(SIGILL)) before XCTest reported anything")
        XCTAssertEqual(failures[.refuse]?.hasPrefix("the testing helper could not open the test binary"), true, "\(failures)")
        let failed = TestOutcome(status: .failed(test: nil, message: "x", location: nil), testSeconds: nil, testCount: 1)
        XCTAssertNotNil(ChannelFallback.canaryFailure(healthy, outcome: failed, framework: .xctest), "a canary that did not pass is no proof")
    }

    /// The canary runs once per build of the test binary, whatever asks for it, and its answer is kept.
    func test_theCanaryRunsOncePerBinary() throws {
        let fallback = ChannelFallback(system: .linux)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("canary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("Tests.xctest")
        try Data("one".utf8).write(to: binary)
        var runs = 0
        XCTAssertNil(fallback.canaryFailure(.xctest, binary: binary) { runs += 1; return nil })
        XCTAssertNil(fallback.canaryFailure(.xctest, binary: binary) { runs += 1; return "no" })
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(fallback.canaryFailure(.swiftTesting, binary: binary) { runs += 1; return "silent" }, "silent")
        XCTAssertEqual(runs, 2, "each framework has its own canary")
        try Data("a rebuilt binary".utf8).write(to: binary)
        XCTAssertEqual(fallback.canaryFailure(.xctest, binary: binary) { runs += 1; return "no" }, "no")
        XCTAssertEqual(runs, 3, "a new build asks again")
        XCTAssertTrue(fallback.frameworksOn.isEmpty, "the canary's answer alone switches nothing")
    }

    func test_theSelfTestsSwitchDropsOnlyItsFrameworksReport() {
        var report = RunReport()
        report.declare("A.test")
        let fallback = ChannelFallback(silenced: [.xctest], system: .linux)
        var xctest = ProcessResult(termination: .exited(0), seconds: 1, output: "", run: RunSummary(report: report))
        var swiftTesting = xctest
        fallback.applySwitch(&xctest, framework: .xctest)
        fallback.applySwitch(&swiftTesting, framework: .swiftTesting)
        XCTAssertEqual(xctest.run?.report, RunReport())
        XCTAssertEqual(swiftTesting.run?.report, report)
    }

    func test_swiftTestsRun_isItsExitStatus_withThePrintedFailureForMessage() {
        let failed = SwiftPMRoute.outcome(of: ProcessResult(termination: .exited(1), seconds: 1, output: "[0/1] Planning build\n/x/T.swift:9: error: T.test_a : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")\nExecuted 1 test, with 1 failure"),
                                          framework: .xctest, timeLimit: 10)
        guard case .failed(_, let message, _) = failed.status else { return XCTFail("\(failed.status)") }
        XCTAssertTrue(message.contains("XCTAssertEqual failed"))
        XCTAssertEqual(failed.viaSwiftPM, true)
        XCTAssertEqual(SwiftPMRoute.outcome(of: ProcessResult(termination: .exited(0), seconds: 1, output: "Executed 2 tests, with 0 failures"), framework: .xctest, timeLimit: 10).status, .passed)
        XCTAssertEqual(SwiftPMRoute.outcome(of: ProcessResult(termination: .exited(0), seconds: 1, output: "✔ Test run with 0 tests passed after 0.001 seconds."), framework: .swiftTesting, timeLimit: 10).status, .noTests)
        XCTAssertEqual(SwiftPMRoute.outcome(of: ProcessResult(termination: .timedOut, seconds: 70, output: ""), framework: .swiftTesting, timeLimit: 10).status, .hung(test: nil, after: 10))
        XCTAssertEqual(SwiftPMRoute.arguments(framework: .xctest, target: "Grade_a", package: "/p"),
                       ["test", "--skip-build", "--build-system", "native", "--package-path", "/p", "--filter", "^Grade_a\\.", "--disable-swift-testing"])
    }

    func test_aVerdictFromSwiftTestIsMarked_andWithoutItsVariantsAPassIsNeedsNotDone() throws {
        let catalog = try Catalog.load(from: KataPaths(root: Self.root).catalog)
        let track = try XCTUnwrap(catalog.exercises.first { $0.id == "mocking-request" })
        let chaff = Variant(module: track.module, name: track.chaffs[0], kind: .chaff, hint: "h", hunks: [])
        var passed = TestOutcome(status: .passed, testSeconds: nil, testCount: 1)
        passed.viaSwiftPM = true
        var caught = TestOutcome(status: .failed(test: nil, message: "m", location: nil), testSeconds: nil, testCount: 1)
        caught.viaSwiftPM = true
        var verdict = Verdict(kind: .done, reason: "")
        Judge.markThroughSwiftPM(&verdict, evidence: Evidence(real: [passed], chaffs: [(chaff, caught)]), track: track)
        XCTAssertTrue(verdict.viaSwiftPM)
        XCTAssertEqual(verdict.details.last, Judge.throughSwiftPMLine)

        var unapplied = passed
        unapplied.variantNotApplied = true
        var missed = Verdict(kind: .missesBugs, reason: "")
        Judge.markThroughSwiftPM(&missed, evidence: Evidence(real: [passed], chaffs: [(chaff, unapplied)]), track: track)
        XCTAssertEqual(missed.kind, .needs, "a planted bug that never ran is not missed")

        var privateVerdict = Verdict(kind: .done, reason: "")
        Judge.markThroughSwiftPM(&privateVerdict, evidence: Evidence(real: [TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)]), track: track)
        XCTAssertEqual(privateVerdict, Verdict(kind: .done, reason: ""))
    }

    func test_theDoctorsFindings_nameTheirFix() {
        let mac = TestPlatform(system: .macOS, simulated: true, osVersion: Version(15, 5), swiftVersion: Version(6, 1), testingHelper: "/h",
                               developerDirectory: "/Library/Developer/CommandLineTools")
        let xcode = DoctorChecks.xcode(mac)
        XCTAssertEqual(xcode.status, "warn")
        XCTAssertTrue(xcode.fix?.contains("sudo xcode-select -s /Applications/Xcode.app") == true)
        let noneSelected = TestPlatform(system: .macOS, simulated: true, osVersion: Version(15, 5), swiftVersion: Version(6, 1), testingHelper: "/h")
        XCTAssertEqual(DoctorChecks.xcode(noneSelected).status, "fail")
        XCTAssertEqual(DoctorChecks.disk(500_000_000).status, "fail")
        XCTAssertEqual(DoctorChecks.disk(2_000_000_000).status, "warn")
        XCTAssertEqual(DoctorChecks.disk(40_000_000_000).status, "ok")
        XCTAssertEqual(DoctorChecks.shell("zsh", platform: mac).status, "ok")
        XCTAssertEqual(DoctorChecks.shell("fish", platform: mac).fix, "Type `zsh` in the terminal before pasting the kata's commands.")
        let old = TestPlatform(system: .linux, swiftVersion: Version(5, 10))
        let machine = DoctorReport.Machine(system: "linux", simulated: false, os: "Linux", swift: "5.10", swiftVersionOutput: nil,
                                           developerDirectory: nil, cores: 2, freeBytes: nil, shell: nil, checkout: "/k", kataCommit: nil)
        XCTAssertEqual(DoctorChecks.swift(old, machine: machine).status, "fail")
    }

    func test_theSummaryLine_saysWhatFailedFirst_andEachFrameworksState() {
        let machine = DoctorReport.Machine(system: "macOS", simulated: false, os: "15.5", swift: "6.2", swiftVersionOutput: nil,
                                           developerDirectory: "/Applications/Xcode.app/Contents/Developer", cores: 10,
                                           freeBytes: 41_000_000_000, shell: "zsh", checkout: "/k", kataCommit: nil)
        func grade(_ framework: String, _ status: String) -> DoctorReport.Grade {
            DoctorReport.Grade(exercise: "e", framework: framework, suite: "solution", expected: .done, verdict: .done, status: status,
                               route: nil, message: nil, command: "c", lastLines: [])
        }
        XCTAssertEqual(DoctorReport.summaryLine(ready: true, machine: machine, checks: [], grades: [grade("xctest", "ok"), grade("swift-testing", "ok")], fallback: ["xctest"]),
                       "kata-doctor READY | macOS 15.5 | Swift 6.2 | Xcode | XCTest ok via swift test | Swift Testing ok | 41 GB free | zsh")
        let failing = DoctorReport.summaryLine(ready: false, machine: machine, checks: [.init(name: "disk", status: "fail", found: "", fix: "f")],
                                               grades: [grade("xctest", "fail")], fallback: [])
        XCTAssertTrue(failing.hasPrefix("kata-doctor NOT READY (disk, e@xctest solution) | macOS 15.5"), failing)
        XCTAssertTrue(failing.contains("XCTest FAILED"))
    }

    func test_theRoomKeepsTheDoctorsBadge_andRefusesAnOverlongOne() throws {
        var state = RoomState(code: "K7QF2M")
        let join = JoinRequest(code: "K7QF2M", attendee: "a-1", token: "t", name: "Ana")
        _ = try state.join(join, from: "127.0.0.1", now: Date())
        let catalog = RoomCatalog(patterns: [], exercises: [])
        try state.post(ResultsPost(code: "K7QF2M", attendee: "a-1", token: "t", results: [], doctor: DoctorBadge(ready: true, summary: "kata-doctor READY")),
                       catalog: catalog, now: Date())
        XCTAssertEqual(state.attendees.first?.doctor, DoctorBadge(ready: true, summary: "kata-doctor READY"))
        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: Date())
        XCTAssertEqual(snapshot.attendees.first?.doctor?.ready, true)
        XCTAssertThrowsError(try state.post(ResultsPost(code: "K7QF2M", attendee: "a-1", token: "t", results: [],
                                                        doctor: DoctorBadge(ready: false, summary: String(repeating: "x", count: 401))),
                                            catalog: catalog, now: Date()))
    }

    static let root = KataCheckout.root
}
