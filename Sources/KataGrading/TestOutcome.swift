import Foundation

/// What one run of an exercise's tests did, read from the test process's output and exit.
public struct TestOutcome: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed(test: String?, message: String, location: String?)
        case hung(test: String?, after: Double)
        case crashed(signal: Int32, test: String?, deadlock: Bool)
        case noTests
    }

    public var status: Status
    /// Seconds the tests themselves took, as the framework reports it.
    public var testSeconds: Double?
    public var testCount: Int

    public var passed: Bool { status == .passed }

    /// The same outcome with failure locations pointing at the attendee's folder, not the shadow copy.
    public func relocated(from shadowFolder: String, to folder: String) -> TestOutcome {
        guard case .failed(let test, let message, let location?) = status else { return self }
        let file = location.hasPrefix(shadowFolder) ? String(location.dropFirst(shadowFolder.count)) : location
        var copy = self
        copy.status = .failed(test: test, message: message, location: location.hasPrefix("/") && file == location ? location : folder + file)
        return copy
    }
}

/// Reads XCTest's and Swift Testing's console output.
public enum TestOutputParser {
    public static func outcome(of result: ProcessResult, framework: Catalog.Framework, timeLimit: Double) -> TestOutcome {
        let lines = stripANSI(result.output).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let parsed = framework == .xctest ? parseXCTest(lines) : parseSwiftTesting(lines)
        let status: TestOutcome.Status
        switch result.termination {
        case .timedOut:
            status = .hung(test: parsed.running, after: timeLimit)
        case .signaled(let signal):
            status = .crashed(signal: signal, test: parsed.running, deadlock: isDispatchDeadlock(result.output))
        case .exited(let code):
            if let failure = parsed.firstFailure {
                status = .failed(test: failure.test, message: failure.message, location: failure.location)
            } else if code != 0 {
                // An exit we cannot read as a test failure is still not a pass.
                let last = lines.last(where: { $0.contains("Fatal error") }) ?? lines.last ?? "exit code \(code)"
                status = .failed(test: parsed.running, message: last, location: nil)
            } else if parsed.testCount == 0 {
                status = .noTests
            } else {
                status = .passed
            }
        }
        return TestOutcome(status: status, testSeconds: parsed.seconds, testCount: parsed.testCount)
    }

    struct Parsed {
        var running: String?
        var firstFailure: (test: String?, message: String, location: String?)?
        var seconds: Double?
        var testCount = 0
    }

    /// `Test Case 'C.t' started`, `path:line: error: C.t : message`, `Executed N tests, … in T (W) seconds`.
    static func parseXCTest(_ lines: [String]) -> Parsed {
        var parsed = Parsed()
        for line in lines {
            if line.hasPrefix("Test Case '"), let name = quoted(line) {
                if line.contains("' started") { parsed.running = name } else { parsed.running = nil }
            } else if let range = line.range(of: ": error: ") {
                let location = String(line[..<range.lowerBound])
                let rest = line[range.upperBound...]
                var test: String?
                var message = String(rest)
                if let separator = rest.range(of: " : ") {
                    test = String(rest[..<separator.lowerBound])
                    message = String(rest[separator.upperBound...])
                }
                // XCTest ends an assertion without a custom message with " - ".
                if message.hasSuffix(" - ") { message = String(message.dropLast(3)) }
                if parsed.firstFailure == nil {
                    // A thrown error has no line of its own: XCTest says "<EXPR>:0".
                    parsed.firstFailure = (test, message, location.contains("<EXPR>") ? nil : location)
                }
            } else if line.contains("Executed "), line.contains(" test"), let (count, seconds) = executedSummary(line) {
                // The outermost suite prints last, so the final summary wins.
                parsed.testCount = count
                parsed.seconds = seconds
            }
        }
        return parsed
    }

    /// `◇ Test f() started.`, `✘ Test f() recorded an issue at F.swift:3:5: msg`, `Test run with N tests … after T seconds`.
    static func parseSwiftTesting(_ lines: [String]) -> Parsed {
        var parsed = Parsed()
        var pendingIssue: (test: String?, message: String, location: String?)?
        for (index, raw) in lines.enumerated() {
            let line = dropSymbol(raw)
            if line.hasPrefix("Test run with "), let count = Int(line.dropFirst("Test run with ".count).prefix { $0.isNumber }) {
                parsed.testCount = count
                if let after = line.range(of: " after ") {
                    parsed.seconds = Double(line[after.upperBound...].prefix { $0.isNumber || $0 == "." })
                }
            } else if line.hasPrefix("Test "), line.hasSuffix(" started.") {
                parsed.running = String(line.dropFirst(5).dropLast(" started.".count))
            } else if line.hasPrefix("Test "), let issue = line.range(of: " recorded an issue at ") {
                let test = String(line[line.index(line.startIndex, offsetBy: 5)..<issue.lowerBound])
                let rest = line[issue.upperBound...]
                // "File.swift:11:23: Expectation failed: …"
                var location: String?
                var message = String(rest)
                if let colon = rest.range(of: ": ") {
                    location = String(rest[..<colon.lowerBound])
                    message = String(rest[colon.upperBound...])
                }
                if index + 1 < lines.count {
                    let next = dropSymbol(lines[index + 1])
                    if lines[index + 1].contains("↳") { message += " - " + next }
                }
                if pendingIssue == nil { pendingIssue = (test, message, location) }
            } else if line.hasPrefix("Test "), line.contains(" passed after ") || line.contains(" failed after ") {
                parsed.running = nil
            }
        }
        parsed.firstFailure = pendingIssue
        return parsed
    }

    static func executedSummary(_ line: String) -> (Int, Double)? {
        // "Executed 3 tests, with 0 failures (0 unexpected) in 0.012 (0.013) seconds"
        guard let executed = line.range(of: "Executed ") else { return nil }
        let count = Int(line[executed.upperBound...].prefix { $0.isNumber })
        guard let count, let inRange = line.range(of: ") in ") else { return nil }
        let seconds = Double(line[inRange.upperBound...].prefix { $0.isNumber || $0 == "." })
        return (count, seconds ?? 0)
    }

    static func quoted(_ line: String) -> String? {
        guard let open = line.firstIndex(of: "'") else { return nil }
        let rest = line[line.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }

    static func dropSymbol(_ line: String) -> String {
        // Swift Testing starts each line with a symbol (◇ ✔ ✘ ↳ …) and a space.
        var text = Substring(line)
        while let first = text.first, !(first.isLetter || first.isNumber) { text = text.dropFirst() }
        return String(text)
    }

    static func isDispatchDeadlock(_ output: String) -> Bool {
        output.contains("__DISPATCH_WAIT_FOR_QUEUE__") || output.contains("dispatch_sync called on queue already owned")
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
