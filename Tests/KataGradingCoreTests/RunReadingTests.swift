import Foundation
import XCTest
@testable import KataGradingCore

/// What a supervisor relays of a run (`RunRelay`) and how the run stage reads it (`RunReading`):
/// frames survive any split of the pipe, the supervisor's side stays bounded, and a run's report is
/// parsed here, from the bytes as read, never in the supervisor.
final class RunReadingTests: XCTestCase {
    let key = ChannelKey(k0: 0x0123_4567_89AB_CDEF, k1: 0xFEDC_BA98_7654_3210)

    /// The records as the hook sends them: each with the MAC of its place in the sequence.
    func signed(_ records: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            let mac = String(key.mac(of: Array(record.utf8), sequence: UInt64(index)), radix: 16)
            bytes += Array((record + "\t" + String(repeating: "0", count: 16 - mac.count) + mac + "\n").utf8)
        }
        return bytes
    }

    /// Everything `outbox` holds, as a pipe would deliver it: in pieces of `piece` bytes.
    func delivered(_ outbox: inout RunRelay.Outbox, piece: Int) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        while !outbox.isEmpty {
            outbox.send { bytes in
                let count = min(piece, bytes.count)
                pieces.append(Array(bytes.prefix(count)))
                return count
            }
        }
        return pieces
    }

    func test_framesSurviveAnySplit() {
        var frames: [RunRelay.Frame] = []
        for piece in [1, 3, 5, 4096, 1 << 20] {
            var outbox = RunRelay.Outbox()
            Array("printed\n".utf8).withUnsafeBytes { outbox.put(.output, $0) }
            Array("{\"kind\":\"test\"}\n".utf8).withUnsafeBytes { outbox.put(.events, $0) }
            [UInt8]().withUnsafeBytes { outbox.put(.output, $0) }
            Array("B\n".utf8).withUnsafeBytes { outbox.put(.channel, $0, key: key) }
            outbox.end(hookConnected: true)
            var inbox = RunRelay.Inbox()
            frames = []
            for bytes in delivered(&outbox, piece: piece) { bytes.withUnsafeBytes { inbox.feed($0) { frames.append($0) } } }
            XCTAssertFalse(inbox.broken)
            XCTAssertEqual(frames, [.output(Array("printed\n".utf8)), .events(Array("{\"kind\":\"test\"}\n".utf8)), .output([]),
                                    .channel(key: key, Array("B\n".utf8)), .end(hookConnected: true)], "in pieces of \(piece)")
        }
    }

    func test_theSupervisorsSideIsBounded_andKeepsWhatThePipeDidNotTake() {
        var outbox = RunRelay.Outbox()
        let chunk = [UInt8](repeating: 0x6A, count: 1 << 16)
        var puts = 0
        while !outbox.isFull { chunk.withUnsafeBytes { outbox.put(.events, $0) }; puts += 1 }
        XCTAssertEqual(puts, RunRelay.Outbox.most / (chunk.count + RunRelay.headerSize) + 1, "full within one read of the bound")
        outbox.send { _ in -1 }
        XCTAssertTrue(outbox.isFull, "a pipe that took nothing leaves everything")
        var received = 0
        var inbox = RunRelay.Inbox()
        for bytes in delivered(&outbox, piece: 65_000) { bytes.withUnsafeBytes { inbox.feed($0) { if case .events(let b) = $0 { received += b.count } } } }
        XCTAssertEqual(received, puts * chunk.count)
        XCTAssertTrue(outbox.isEmpty)
    }

    func test_bytesThatAreNotFramesAreNeverAReport() {
        var reading = RunReading(framework: .xctest, forwardedStream: false)
        Array("Z\0\0\0\u{1}\u{1}".utf8).withUnsafeBytes { reading.feed($0) }
        Array("garbage, not a frame".utf8).withUnsafeBytes { reading.feed($0) }
        XCTAssertNotNil(reading.summary()?.report.damaged)
    }

    /// Reads `frames` (after `outbox`'s framing) as the run stage does.
    func summary(_ framework: Catalog.Framework = .xctest, forwarded: Bool = false, piece: Int = 7,
                 _ fill: (inout RunRelay.Outbox) -> Void) -> RunSummary? {
        var outbox = RunRelay.Outbox()
        fill(&outbox)
        var reading = RunReading(framework: framework, forwardedStream: forwarded)
        for bytes in delivered(&outbox, piece: piece) { bytes.withUnsafeBytes { reading.feed($0) } }
        return reading.summary()
    }

    func test_theHooksRecordsAreCheckedWithTheKeyRelayedBesideThem() {
        let records = signed(["B", "D\tA.test_a", "T\tA.test_a", "E\tA.test_a\t0.01\t0\t0", "Z\t0", "Q\t0\tframework"])
        let passed = summary { outbox in
            for part in [records.prefix(10), records.dropFirst(10)] { Array(part).withUnsafeBytes { outbox.put(.channel, $0, key: key) } }
            outbox.end(hookConnected: true)
        }
        XCTAssertEqual(passed?.report.declared, ["A.test_a"])
        XCTAssertEqual(passed?.report.reachedEnd, true)
        XCTAssertNil(passed?.report.silenced)
        XCTAssertEqual(passed?.hookConnected, true)
        let outcome = TestOutputParser.outcome(of: ProcessResult(termination: .exited(0), seconds: 0.1, output: "", run: passed),
                                               framework: .xctest, timeLimit: 10, exitAttested: true)
        XCTAssertEqual(outcome.status, .passed)

        // Records a test wrote itself carry no MAC the key makes.
        let forged = summary { outbox in
            Array("B\nD\tA.test_a\nZ\n".utf8).withUnsafeBytes { outbox.put(.channel, $0, key: key) }
            outbox.end(hookConnected: true)
        }
        XCTAssertNotNil(forged?.report.silenced)
    }

    func test_aRelayWithoutItsEndProvesNothing_andNoRelayIsNoReport() {
        let cut = summary { outbox in
            signed(["B", "D\tA.test_a", "T\tA.test_a", "E\tA.test_a\t0.01\t0\t0", "Z\t0", "Q\t0\tframework"])
                .withUnsafeBytes { outbox.put(.channel, $0, key: key) }
        }
        XCTAssertEqual(cut?.report.silenced, "its supervisor did not hand over all the run reported")
        XCTAssertNil(summary { _ in }, "the supervisor could not start the test, or died before it relayed anything")
    }

    func test_swiftTestingIsReadFromTheForwardedCopy_theJunkInThePipeStillCounts() {
        let plan = #"{"kind":"test","payload":{"kind":"function","id":"M.S/t()/F.swift:1:1"},"version":0}"# + "\n"
        let hex = Array(plan.utf8).map { String(format: "%02x", $0) }.joined()
        let fromPipe = summary(.swiftTesting, forwarded: true) { outbox in
            signed(["S\t" + hex]).withUnsafeBytes { outbox.put(.channel, $0, key: key) }
            Array("junk\n".utf8).withUnsafeBytes { outbox.put(.events, $0) }
            outbox.end(hookConnected: true)
        }
        XCTAssertEqual(fromPipe?.report.declared, ["S/t()"])
        XCTAssertEqual(fromPipe?.report.damaged, "a line of the event stream that is not JSON")
    }

    func test_theOutputsCrashWords_evenSplitAcrossReads() {
        let read = summary(piece: 3) { outbox in
            for text in ["noise\nFatal er", "ror: Unexpectedly found nil\n  3 __DISPATCH_WAIT_", "FOR_QUEUE__ + 12\n"] {
                Array(text.utf8).withUnsafeBytes { outbox.put(.output, $0) }
            }
            outbox.end(hookConnected: true)
        }
        XCTAssertEqual(read?.fatalError, "Fatal error: Unexpectedly found nil")
        XCTAssertEqual(read?.sawDeadlockInOutput, true)
    }

    /// The late checks are a step of the parse: a failure in a teardown from the test's own body
    /// is late, and the run passes.
    func test_theLateChecksAreAStepOfTheOutcome() {
        var report = RunReport()
        report.declared = ["ImportTests.testReports"]
        report.finished = report.declared
        report.reachedEnd = true
        report.failAfterReturning("ImportTests.testReports", message: "3 != 2", location: "/F.swift:3")
        let source = "final class ImportTests: XCTestCase {\n    func testReports() {\n        run { XCTAssertEqual(reports, 3) }\n    }\n}\n"
        let result = ProcessResult(termination: .exited(1), seconds: 0.1, output: "", run: RunSummary(report: report))
        let outcome = TestOutputParser.outcome(of: result, framework: .xctest, timeLimit: 10) { $0 == "/F.swift" ? source : nil }
        XCTAssertEqual(outcome.status, .passed)
        XCTAssertEqual(outcome.late.map(\.location), ["/F.swift:3"])
        guard case .failed = TestOutputParser.outcome(of: result, framework: .xctest, timeLimit: 10).status else {
            return XCTFail("without the test's source, the failure stays its test's")
        }
    }
}
