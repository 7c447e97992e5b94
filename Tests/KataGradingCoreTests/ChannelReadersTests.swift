import Foundation
import XCTest
@testable import KataGradingCore

/// The readers of the frameworks' own reports, against recorded real output, fed as the pipe
/// delivers it: in pieces of any size.
final class ChannelReadersTests: XCTestCase {
    func xctest(_ data: Data, chunk: Int = 7) -> RunReport {
        var reader = XCTestRecords()
        var offset = 0
        while offset < data.count {
            let piece = data[offset..<min(data.count, offset + chunk)]
            piece.withUnsafeBytes { reader.feed($0) }
            offset += chunk
        }
        reader.end()
        return reader.report
    }

    func stream(_ data: Data, chunk: Int = 113) -> RunReport {
        var reader = SwiftTestingStream()
        var offset = 0
        while offset < data.count {
            let piece = data[offset..<min(data.count, offset + chunk)]
            piece.withUnsafeBytes { reader.feed($0) }
            offset += chunk
        }
        reader.end()
        return reader.report
    }

    /// Each recorded XCTest case (`Golden/xctest-<case>-<version>.records`), of every toolchain,
    /// read whole, fed in pieces of any size. The 6.2.3 recordings predate the hook's exit record
    /// (`Q`) and XCTest's own failure counts; every later one has both.
    func expectedXCTest(_ name: String, version: String) -> RunReport {
        let exits = version != "6.2.3"
        var report = RunReport()
        switch name {
        case "pass", "fail":
            report.declared = ["XTests.testAnswer", "XTests.testLookAlike"]
            report.finished = report.declared
            report.reachedEnd = true
            report.seconds = 0.002
            if name == "fail" {
                report.failures = [RunReport.Failure(test: "XTests.testAnswer", message: #"XCTAssertEqual failed: ("41") is not equal to ("42") - "#,
                                                     location: "/tmp/probe/Tests/XTests/XTests.swift:7")]
            }
            if exits { report.exit = RunReport.Exit(status: name == "fail" ? 1 : 0, byFramework: true, caller: "framework") }
        case "skip":
            report.declared = ["SkipTests.testSkip"]
            report.finished = report.declared
            report.skipped = [RunReport.Skip(test: "SkipTests.testSkip", reason: nil)]
            report.reachedEnd = true
            report.seconds = 0.001
            if exits { report.exit = RunReport.Exit(status: 0, byFramework: true, caller: "framework") }
        case "forged-exit":
            // `_exit(0)` runs no exit handler: no `Q`, no end of the bundle, the test still running.
            report.declared = ["ForgeTests.testAlwaysFailsThenForges"]
            report.failures = [RunReport.Failure(test: "ForgeTests.testAlwaysFailsThenForges", message: "failed - always",
                                                 location: "/tmp/probe/Tests/XTests/XTests.swift:15")]
            report.running = "ForgeTests.testAlwaysFailsThenForges"
        case "deadlock":
            report.declared = ["DeadlockTests.testDeadlock"]
            report.running = "DeadlockTests.testDeadlock"
            report.trap = RunReport.deadlockTrap
        default:
            XCTFail("no expectation for \(name)")
        }
        return report
    }

    static let xctestCases = ["pass", "fail", "skip", "forged-exit", "deadlock"]

    func test_xctest_everyRecordedCase_ofEveryToolchain_readsWhole() {
        for name in Self.xctestCases {
            let recordings = Golden.recordings("xctest-\(name)", "records")
            XCTAssertGreaterThanOrEqual(recordings.count, 2, "\(name): recorded with 6.2.3 and 6.3.1 at least")
            for recording in recordings {
                for chunk in [1, 7, 4096] {
                    XCTAssertEqual(xctest(recording.data, chunk: chunk), expectedXCTest(name, version: recording.version),
                                   "xctest-\(name)-\(recording.version).records in pieces of \(chunk)")
                }
            }
        }
    }

    func test_xctest_aFailureOnceReadIsNeverTakenBack() {
        // Records written after a failure (by the test itself, say) cannot undo it.
        for recording in Golden.recordings("xctest-fail", "records") {
            let forged = recording.data + Data("E\tXTests.testAnswer\t0\t0\nZ\n".utf8)
            XCTAssertEqual(xctest(forged).failures.map(\.test), ["XTests.testAnswer"], recording.version)
        }
    }

    func test_xctest_aFailureAfterItsTestEndedIsLate() {
        let report = xctest(Data("B\nD\tA.test_a\nT\tA.test_a\nE\tA.test_a\t0.1\t0\nF\tA.test_a\t/x.swift\t9\tlate\nZ\n".utf8))
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(report.late, [RunReport.Failure(test: nil, message: "late", location: "/x.swift:9")])
    }

    func test_xctest_anythingButTheObserversRecordsDamagesTheChannel() {
        for garbage in ["Test Case 'XTests.testAnswer' passed (0.001 seconds)\n", "Z\textra\n", "\n"] {
            let report = xctest(Data("B\n".utf8) + Data(garbage.utf8))
            XCTAssertNotNil(report.damaged, garbage)
        }
        let long = Data("T\t".utf8) + Data(repeating: 65, count: 100_000) + Data("\n".utf8)
        XCTAssertNotNil(xctest(long).damaged)
    }

    func test_xctest_escapedFieldsAndApplesNames() {
        let report = xctest(Data("F\t-[Mod.C test_a]\t/x.swift\t3\ta\\tb\\\\c\\nd\n".utf8))
        XCTAssertEqual(report.failures, [RunReport.Failure(test: "C.test_a", message: "a\tb\\c\nd", location: "/x.swift:3")])
    }

    /// Swift Testing's event stream of the probe's STests (`Golden/swift-testing-<version>.jsonl`),
    /// of every toolchain, read whole. The parameterized failure names its argument; the known
    /// issue and the warning fail nothing; the check that ran after its test returned is late,
    /// charged to no test. 6.2.3's probe, recorded by hand, had no warning yet, its late check one
    /// line lower, and ran in parallel; the recorder's runs are serial.
    func expectedStream(version: String) -> RunReport {
        let byHand = version == "6.2.3"
        var report = RunReport()
        report.declared = ["Late/checkRunsAfterReturn()", "Late/waitsLongEnough()", "Skips/disabled()", "Skips/conditional()",
                           "parameterized(n:)", "known()"] + (byHand ? [] : ["recordsWarning()"]) + ["answerIs42()", "exitTest()"]
        report.finished = byHand
            ? ["Skips/conditional()", "Skips/disabled()", "answerIs42()", "known()", "parameterized(n:)", "Skips", "Late/checkRunsAfterReturn()",
               "exitTest()", "Late/waitsLongEnough()", "Late"]
            : ["Late/checkRunsAfterReturn()", "Late/waitsLongEnough()", "Late", "Skips/disabled()", "Skips/conditional()", "Skips",
               "parameterized(n:)", "known()", "recordsWarning()", "answerIs42()", "exitTest()"]
        let disabled = RunReport.Skip(test: "Skips/disabled()", reason: #"Test disabled() skipped: "not today""#)
        let conditional = RunReport.Skip(test: "Skips/conditional()", reason: "Test conditional() skipped.")
        report.skipped = byHand ? [conditional, disabled] : [disabled, conditional]
        report.failures = [RunReport.Failure(test: "parameterized(n:)", message: "with 2: Expectation failed: (n → 2) != 2",
                                             location: "/tmp/probe/Tests/STests/More.swift:15")]
        report.late = [RunReport.Failure(test: nil, message: "Expectation failed: Bool(false) - late check",
                                         location: "/tmp/probe/Tests/STests/More.swift:\(byHand ? 7 : 6)")]
        report.reachedEnd = true
        report.seconds = 0
        return report
    }

    func test_swiftTesting_everyToolchainsStream_readsWhole() {
        let recordings = Golden.recordings("swift-testing", "jsonl")
        XCTAssertGreaterThanOrEqual(recordings.count, 2, "recorded with 6.2.3 and 6.3.1 at least")
        for recording in recordings {
            for chunk in [1, 113, 1 << 16] {
                XCTAssertEqual(stream(recording.data, chunk: chunk), expectedStream(version: recording.version),
                               "swift-testing-\(recording.version).jsonl in pieces of \(chunk)")
            }
        }
    }

    func test_swiftTesting_aLineThatIsNotJSONDamagesTheStream() {
        XCTAssertNotNil(stream(Data("not json\n".utf8)).damaged)
    }

    func test_swiftTesting_anIssueTooLongToKeepStillFailsItsTest() {
        let id = "T.S/t()/F.swift:1:1"
        let start = #"{"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)"},"version":0}"# + "\n"
        let huge = #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)","messages":[{"text":""# + String(repeating: "x", count: 200_000) + #""}]},"version":0}"# + "\n"
        let report = stream(Data((start + huge).utf8), chunk: 4096)
        XCTAssertEqual(report.failures.map(\.test), ["S/t()"])
    }

    func test_reportsStayBoundedWhateverARunSends() {
        var reader = XCTestRecords()
        for index in 0..<5000 {
            Data("D\tC.test\(index)\(String(repeating: "x", count: 100))\n".utf8).withUnsafeBytes { reader.feed($0) }
        }
        XCTAssertEqual(reader.report.declared.count, RunReport.mostNames)
        XCTAssertGreaterThan(reader.report.dropped, 0)
    }

    /// The one line splitter both readers use: a line is handed back whole whatever the pieces it
    /// came in, the last one even without a newline, and one too long to keep as its two ends, cut.
    func test_lineReader_handsBackWholeLines_whateverThePieces() {
        let text = Data("first\nsecond line\n\n".utf8) + Data(repeating: 65, count: 50) + Data("Z\nlast".utf8)
        for size in [1, 3, 7, 64, text.count] {
            var reader = LineReader(longest: 20)
            var lines: [LineReader.Line] = []
            var offset = 0
            while offset < text.count {
                text[offset..<min(text.count, offset + size)].withUnsafeBytes { lines += reader.lines(in: $0) }
                offset += size
            }
            if let last = reader.end() { lines.append(last) }
            XCTAssertEqual(lines.map { String(decoding: $0.bytes, as: UTF8.self) },
                           ["first", "second line", "", String(repeating: "A", count: 10) + String(repeating: "A", count: 9) + "Z", "last"],
                           "in pieces of \(size)")
            XCTAssertEqual(lines.map(\.cut), [false, false, false, true, false], "in pieces of \(size)")
            XCTAssertNil(reader.end(), "nothing is handed back twice")
        }
    }
}
