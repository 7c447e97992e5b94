import Foundation

/// Reads XCTest's console protocol: `Test Case 'C.t' started at …`, `Test Case 'C.t' passed (0.001
/// seconds)` or `failed (…)`, and the assertion lines `path:line: error: C.t : message` that belong
/// to the test running at that moment. A line a test prints counts only if it has that exact form
/// for the test that is running, and a test fails only with XCTest's own `failed` line.
enum XCTestConsole {
    /// How the lines this reads begin (a test starting or ending), and what the assertion lines hold.
    /// The supervisor's output cap keeps every such line of a test that floods its output.
    static let lineStart = "Test Case '"
    static let assertionMarker = ": error: "

    static func report(_ output: String) -> RunReport {
        var report = RunReport()
        var messages: [String: RunReport.Failure] = [:]
        // The last ending line of a test wins: XCTest prints its own after the test body, so a
        // line the body printed to look like one is always overruled.
        var endings: [String: (passed: Bool, seconds: Double)] = [:]
        var order: [String] = []
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(lineStart), let name = quoted(line) {
                if line.contains("' started") {
                    current = name
                } else if let ending = ending(line), name == current || endings[name] != nil {
                    if endings[name] == nil { order.append(name) }
                    endings[name] = ending
                }
            } else if let running = current, messages[running] == nil, endings[running] == nil,
                      let failure = assertion(line, test: running) {
                messages[running] = failure
            }
        }
        report.finished = Set(endings.keys)
        report.running = current.flatMap { endings[$0] == nil ? $0 : nil }
        report.failures = order.filter { endings[$0]?.passed == false }
            .map { messages[$0] ?? RunReport.Failure(test: $0, message: "failed", location: nil) }
        report.seconds = endings.isEmpty ? nil : endings.values.map(\.seconds).reduce(0, +)
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
        // corelibs: `path:line: error: Class.test : message`; Apple: `path:line: error: -[Module.Class test] : message`.
        guard let range = line.range(of: ": error: \(test) : ")
                ?? line.range(of: ": error: -[", options: []).flatMap({ start -> Range<Substring.Index>? in
                    guard let end = line[start.upperBound...].range(of: "] : "),
                          normalized("-[" + line[start.upperBound..<end.lowerBound] + "]") == test else { return nil }
                    return start.lowerBound..<end.upperBound
                }) else { return nil }
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
        return normalized(String(rest[..<close]))
    }

    /// Apple's XCTest names a test `-[Module.Class testName]`; corelibs XCTest `Class.testName`.
    static func normalized(_ name: String) -> String {
        guard name.hasPrefix("-["), name.hasSuffix("]"), let space = name.firstIndex(of: " ") else { return name }
        let qualified = name[name.index(name.startIndex, offsetBy: 2)..<space]
        let klass = qualified.split(separator: ".").last.map(String.init) ?? String(qualified)
        return klass + "." + name[name.index(after: space)..<name.index(before: name.endIndex)]
    }
}
