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

    func test_xctest_aPassingRunDeclaresFinishesAndReachesItsEnd() {
        for chunk in [1, 7, 4096] {
            let report = xctest(Golden.data("xctest-pass.records"), chunk: chunk)
            XCTAssertEqual(report.declared, ["XTests.testAnswer", "XTests.testLookAlike"])
            XCTAssertEqual(report.finished, report.declared)
            XCTAssertTrue(report.reachedEnd)
            XCTAssertEqual(report.failures, [])
            XCTAssertNil(report.damaged)
            XCTAssertNotNil(report.seconds)
        }
    }

    func test_xctest_aFailureNamesTestMessageAndLocation() {
        let report = xctest(Golden.data("xctest-fail.records"))
        XCTAssertEqual(report.failures, [RunReport.Failure(test: "XTests.testAnswer", message: #"XCTAssertEqual failed: ("41") is not equal to ("42") - "#,
                                                           location: "/tmp/probe/Tests/XTests/XTests.swift:7")])
    }

    func test_xctest_skipsAreFinishedAndCounted() {
        let report = xctest(Golden.data("xctest-skip.records"))
        XCTAssertEqual(report.skipped.map(\.test), ["SkipTests.testSkip"])
        XCTAssertTrue(report.reachedEnd)
    }

    func test_xctest_aTestThatFailsThenExitsNeverReachesTheEnd() {
        let report = xctest(Golden.data("xctest-forged-exit.records"))
        XCTAssertEqual(report.failures.map(\.test), ["ForgeTests.testAlwaysFailsThenForges"])
        XCTAssertFalse(report.reachedEnd)
        XCTAssertEqual(report.running, "ForgeTests.testAlwaysFailsThenForges")
    }

    func test_xctest_theHookNamesADeadlock() {
        let report = xctest(Golden.data("xctest-deadlock.records"))
        XCTAssertEqual(report.trap, "dispatch_sync deadlock")
        XCTAssertEqual(report.running, "DeadlockTests.testDeadlock")
    }

    func test_xctest_aFailureOnceReadIsNeverTakenBack() {
        // Records written after a failure (by the test itself, say) cannot undo it.
        let forged = Golden.data("xctest-fail.records") + Data("E\tXTests.testAnswer\t0\t0\nZ\n".utf8)
        XCTAssertEqual(xctest(forged).failures.map(\.test), ["XTests.testAnswer"])
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

    func test_swiftTesting_readsBothToolchainsStreamsAlike() {
        for name in ["swift-testing-6.3.1.jsonl", "swift-testing-6.2.3.jsonl"] {
            for chunk in [1, 113, 1 << 16] {
                let report = stream(Golden.data(name), chunk: chunk)
                XCTAssertTrue(report.reachedEnd, name)
                XCTAssertTrue(report.declared.contains("Late/checkRunsAfterReturn()"), name)
                XCTAssertTrue(report.declared.contains("parameterized(n:)"), name)
                // The parameterized failure names its argument; the known issue fails nothing.
                XCTAssertEqual(report.failures.map(\.test), ["parameterized(n:)"], name)
                XCTAssertTrue(report.failures.first?.message.hasPrefix("with 2: ") ?? false, name)
                // The check that ran after its test returned is late, charged to no test.
                XCTAssertEqual(report.late.map(\.message), ["Expectation failed: Bool(false) - late check"], name)
                XCTAssertEqual(Set(report.skipped.map(\.test)), ["Skips/disabled()", "Skips/conditional()"], name)
                XCTAssertNil(report.damaged, name)
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
}
