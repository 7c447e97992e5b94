import Foundation

/// Reads XCTest's console protocol: `Test Case 'C.t' started at …`, `Test Case 'C.t' passed (0.001
/// seconds)` or `failed (…)`, and the assertion lines `path:line: error: C.t : message` that belong
/// to the test running at that moment. A line a test prints counts only if it has that exact form
/// for the test that is running, and a test fails only with XCTest's own `failed` line.
enum XCTestConsole {
    static func report(_ output: String) -> RunReport {
        var report = RunReport()
        var messages: [String: RunReport.Failure] = [:]
        var seconds = 0.0
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("Test Case '"), let name = quoted(line) {
                if line.contains("' started") {
                    report.running = name
                } else if let outcome = ending(line) {
                    report.finished.insert(name)
                    if report.running == name { report.running = nil }
                    seconds += outcome.seconds
                    if !outcome.passed {
                        report.failures.append(messages[name] ?? RunReport.Failure(test: name, message: "failed", location: nil))
                    }
                }
            } else if let running = report.running, messages[running] == nil,
                      let failure = assertion(line, test: running) {
                messages[running] = failure
            }
        }
        report.seconds = report.finished.isEmpty ? nil : seconds
        return report
    }

    /// `Test Case 'C.t' passed (0.001 seconds)` → passed, seconds.
    static func ending(_ line: Substring) -> (passed: Bool, seconds: Double)? {
        for (word, passed) in [("' passed (", true), ("' failed (", false), ("' skipped (", true)] {
            if let range = line.range(of: word) {
                let seconds = Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." }) ?? 0
                return (passed, seconds)
            }
        }
        return nil
    }

    /// `path:line: error: C.t : message`, for the test `test` only.
    static func assertion(_ line: Substring, test: String) -> RunReport.Failure? {
        let marker = ": error: \(test) : "
        guard let range = line.range(of: marker) else { return nil }
        let location = String(line[..<range.lowerBound])
        var message = String(line[range.upperBound...])
        // XCTest ends an assertion without a custom message with " - ".
        if message.hasSuffix(" - ") { message = String(message.dropLast(3)) }
        // A thrown error has no line of its own: XCTest says "<EXPR>:0".
        return RunReport.Failure(test: test, message: message, location: location.contains("<EXPR>") ? nil : location)
    }

    static func quoted(_ line: Substring) -> String? {
        guard let open = line.firstIndex(of: "'") else { return nil }
        let rest = line[line.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }
}
