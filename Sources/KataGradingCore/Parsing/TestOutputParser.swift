import Foundation

/// Turns a run's termination and report into an outcome.
public enum TestOutputParser {
    /// `expected` are the tests the binary listed for this exercise; every one of them must finish
    /// for a run to pass, so a test that ends the process early (`exit(0)`) cannot pass it.
    public static func outcome(of result: ProcessResult, framework: Catalog.Framework, timeLimit: Double,
                               expected: [String], events: Data? = nil) -> TestOutcome {
        let report: RunReport
        var expected = expected
        switch framework {
        case .xctest:
            report = XCTestConsole.report(stripANSI(result.output))
        case .swiftTesting:
            report = SwiftTestingEvents.report(events ?? Data())
            expected = SwiftTestingEvents.tests(events ?? Data())
        }
        let status: TestOutcome.Status
        switch result.termination {
        case .timedOut:
            status = .hung(test: report.running, after: timeLimit)
        case .signaled(let signal):
            status = .crashed(signal: signal, test: report.running, deadlock: isDispatchDeadlock(result.output))
        case .exited(let code):
            let unfinished = expected.filter { !report.finished.contains($0) }
            if let failure = report.failures.first {
                status = .failed(test: failure.test, message: failure.message, location: failure.location)
            } else if expected.isEmpty {
                status = code == 0 ? .noTests : .failed(test: nil, message: lastWords(result.output, code: code), location: nil)
            } else if !unfinished.isEmpty {
                let what = code == 0 ? "the test process exited before every test had finished"
                    : lastWords(result.output, code: code)
                status = .failed(test: report.running ?? unfinished.first,
                                 message: "\(what) (\(unfinished.count) of \(expected.count) never finished)", location: nil)
            } else if code != 0 {
                status = .failed(test: nil, message: lastWords(result.output, code: code), location: nil)
            } else {
                status = .passed
            }
        }
        var outcome = TestOutcome(status: status, testSeconds: report.seconds, testCount: expected.count)
        outcome.cutBytes = result.cutBytes
        return outcome
    }

    /// What the lines read after a crash hold: Swift's fatal error, and libdispatch's two ways of
    /// saying a `dispatch_sync` deadlocked. The supervisor's output cap keeps every such line.
    static let fatalErrorMarker = "Fatal error"
    static let deadlockMarkers = ["__DISPATCH_WAIT_FOR_QUEUE__", "dispatch_sync called on queue already owned"]

    /// What a process that exited badly last said, for a message.
    static func lastWords(_ output: String, code: Int32) -> String {
        let lines = output.split(separator: "\n")
        if let fatal = lines.last(where: { $0.contains(fatalErrorMarker) }) { return String(fatal) }
        return "the test process exited with code \(code)"
    }

    static func isDispatchDeadlock(_ output: String) -> Bool {
        deadlockMarkers.contains { output.contains($0) }
    }

    static func stripANSI(_ text: String) -> String {
        guard text.contains("\u{1B}[") else { return text }
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                // Skip "[", parameters, and the final letter.
                while let next = iterator.next(), !(next.properties.isAlphabetic) {}
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
