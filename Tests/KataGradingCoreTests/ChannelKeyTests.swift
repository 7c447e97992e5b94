import Foundation
import XCTest
@testable import KataGradingCore

/// The run's key: the hook's MACs (SipHash-2-4, as its C computes them) and what the records read
/// with it refuse: a record the test wrote, a record that never arrived, a failure XCTest counted
/// that the channel never carried, an exit the framework did not make.
final class ChannelKeyTests: XCTestCase {
    let key = ChannelKey(k0: 0x0706050403020100, k1: 0x0f0e0d0c0b0a0908)

    func test_macIsSipHash24() {
        // The reference vectors of the SipHash paper (key 00…0f; messages 00…0e and empty).
        XCTAssertEqual(key.mac(Array(0..<15)), 0xa129ca6149be45e5)
        XCTAssertEqual(key.mac([]), 0x726fdb47dd0e0e31)
    }

    func test_theVariantTravelsMaskedAndDiffersFromRunToRun() {
        let first = ChannelKey.random(), second = ChannelKey.random()
        XCTAssertNotEqual(first.greeting(variant: 2), second.greeting(variant: 2))
        let words = key.greeting(variant: 2).split(separator: " ")
        XCTAssertEqual(UInt32(words[2].dropLast(), radix: 16)! ^ key.variantMask, 2)
    }

    /// The records as the hook sends them: each with the MAC of its place in the sequence.
    func signed(_ records: [String], key: ChannelKey, from start: UInt64 = 0) -> Data {
        var data = Data()
        for (index, record) in records.enumerated() {
            let mac = key.mac(of: Array(record.utf8), sequence: start + UInt64(index))
            data += Data((record + "\t" + String(repeating: "0", count: 16 - String(mac, radix: 16).count) + String(mac, radix: 16) + "\n").utf8)
        }
        return data
    }

    func read(_ data: Data) -> RunReport {
        var reader = XCTestRecords(key: key)
        data.withUnsafeBytes { reader.feed($0) }
        reader.end()
        return reader.report
    }

    let passing = ["B", "D\tA.test_a", "T\tA.test_a", "R\tA.test_a", "E\tA.test_a\t0.1\t0\t0", "Z\t0", "Q\t0\tframework"]

    func test_theHooksRecordsPass() {
        let report = read(signed(passing, key: key))
        XCTAssertNil(report.silenced)
        XCTAssertTrue(report.reachedEnd)
        XCTAssertEqual(report.exit, RunReport.Exit(status: 0, byFramework: true, caller: "framework"))
    }

    func test_aRecordTheTestWroteSilencesTheRun() {
        // The failure went to /dev/null; the test writes the end of the run itself, without the key.
        let silenced = signed(Array(passing.prefix(3)), key: key) + Data("E\tA.test_a\t0.1\t0\t0\t0000000000000000\nZ\t0\n".utf8)
        let report = read(silenced)
        XCTAssertNotNil(report.silenced)
        XCTAssertFalse(report.reachedEnd, "nothing after a forged record is read")
        // Records made with another key are no better.
        XCTAssertNotNil(read(signed(passing, key: ChannelKey(k0: 1, k1: 2))).silenced)
    }

    func test_aRecordThatNeverArrivedSilencesTheRun() {
        // The failure's record (sequence 3) was written into /dev/null; the genuine ones go on from 4.
        let gap = signed(Array(passing.prefix(3)), key: key) + signed(Array(passing.dropFirst(4)), key: key, from: 4)
        XCTAssertNotNil(read(gap).silenced)
    }

    func test_aFailureXCTestCountedThatNeverArrivedSilencesTheRun() {
        var records = passing
        records[4] = "E\tA.test_a\t0.1\t0\t1"
        XCTAssertEqual(read(signed(records, key: key)).silenced, "XCTest counted 1 failure in A.test_a that never reached the grader")
        records = passing
        records[5] = "Z\t2"
        XCTAssertEqual(read(signed(records, key: key)).silenced, "XCTest counted 2 failures in the run that never reached the grader")
        // A failure that did arrive is consistent with its count.
        records = passing
        records.insert("F\tA.test_a\t/x.swift\t3\tboom", at: 3)
        records[5] = "E\tA.test_a\t0.1\t0\t1"
        records[6] = "Z\t1"
        let report = read(signed(records, key: key))
        XCTAssertNil(report.silenced)
        XCTAssertEqual(report.failures.map(\.message), ["boom"])
    }

    func test_aFailureReportedAfterItsTestEndedStillMatchesItsCount() {
        // A check on another thread: XCTest counts it, the test ends, then its record arrives (late).
        var records = passing
        records[4] = "E\tA.test_a\t0.1\t0\t1"
        records.insert("F\tA.test_a\t/x.swift\t3\tboom", at: 5)
        records[6] = "Z\t1"
        let report = read(signed(records, key: key))
        XCTAssertNil(report.silenced)
        XCTAssertEqual(report.late.map(\.message), ["boom"])
    }

    func outcome(_ report: RunReport, exit code: Int32) -> TestOutcome.Status {
        TestOutputParser.outcome(of: ProcessResult(termination: .exited(code), seconds: 0.1, output: "", run: RunSummary(report: report)),
                                 framework: .swiftTesting, timeLimit: 10, exitAttested: true).status
    }

    func test_whereTheExitIsAttestedOnlyTheFrameworksOwnExitPasses() {
        var report = read(signed(passing, key: key))
        XCTAssertEqual(outcome(report, exit: 0), .passed)
        // The process exited 0 although Swift Testing's own end said 1 (an atexit handler's _exit(0)).
        report.exit = RunReport.Exit(status: 1, byFramework: true, caller: "framework")
        XCTAssertNotEqual(outcome(report, exit: 0), .passed)
        // The test called exit(0) itself, or the hook never saw an exit (_exit).
        report.exit = RunReport.Exit(status: 0, byFramework: false, caller: "test")
        guard case .failed(_, let message, _) = outcome(report, exit: 0) else { return XCTFail() }
        XCTAssertTrue(message.hasPrefix("the test process silenced its own results (its test code called exit(0), not Swift Testing)"), message)
        report.exit = nil
        XCTAssertNotEqual(outcome(report, exit: 0), .passed)
        // Where the platform's hook does not attest the exit (macOS), the records decide.
        XCTAssertEqual(TestOutputParser.outcome(of: ProcessResult(termination: .exited(0), seconds: 0.1, output: "", run: RunSummary(report: report)),
                                                framework: .swiftTesting, timeLimit: 10).status, .passed)
    }

    func test_swiftTestingsForwardedStreamIsReadFromTheChannel() {
        let id = "T.S/t()/F.swift:1:1"
        let events = #"{"kind":"test","payload":{"kind":"function","id":"\#(id)"},"version":0}"# + "\n"
            + #"{"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)"},"version":0}"# + "\n"
            + #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)","issue":{},"messages":[{"text":"always"}]},"version":0}"# + "\n"
        // Forwarded in pieces that split lines anywhere, as `fwrite` calls do.
        let bytes = Array(events.utf8)
        let pieces = stride(from: 0, to: bytes.count, by: 50).map { "S\t" + bytes[$0..<min(bytes.count, $0 + 50)].map { String(format: "%02x", $0) }.joined() }
        var reader = XCTestRecords(key: key)
        signed(pieces, key: key).withUnsafeBytes { reader.feed($0) }
        reader.end()
        XCTAssertEqual(reader.forwardedStream.report.declared, ["S/t()"])
        XCTAssertEqual(reader.forwardedStream.report.failures.map(\.message), ["always"])
        XCTAssertNil(reader.report.silenced)
    }

    func test_aFailureSeenCountsBeforeSilencedEvidence() {
        var report = read(signed(passing, key: key))
        report.fail("A.test_a", message: "always", location: nil)
        report.exit = nil
        XCTAssertEqual(outcome(report, exit: 0), .failed(test: "A.test_a", message: "always", location: nil))
    }
}
