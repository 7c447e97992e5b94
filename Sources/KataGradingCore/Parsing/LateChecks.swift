/// Which XCTest failures recorded after a test's own code had returned are checks its body left
/// behind: a callback the test did not wait for, run while XCTest tears the test down (XCTest turns
/// the main run loop there, so work left on the main queue can run then, or not, depending on how
/// fast it was queued). Those are late, like a Swift Testing issue recorded after its test ended:
/// they catch nothing. A failure in `tearDown` itself stays the test's.
public enum LateChecks {
    /// Moves to `late` each failure recorded after its test had returned whose line lies in the
    /// body of the test's own method. `source` gives a file's text by its path (nil if unknown).
    public static func reclassify(_ report: inout RunReport, source: (String) -> String?) {
        report.failures.removeAll { failure in
            guard failure.afterReturning, let test = failure.test, let location = failure.location,
                  let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]),
                  let text = source(String(location[..<colon])),
                  let body = bodyLines(ofMethod: method(of: test), in: text), body.contains(line) else { return false }
            report.late.append(RunReport.Failure(test: nil, message: failure.message, location: failure.location))
            return true
        }
    }

    /// `Class.testName` → `testName`.
    static func method(of test: String) -> String {
        String(test.split(separator: ".").last ?? Substring(test))
    }

    /// The lines from a method's `func` to its closing brace.
    static func bodyLines(ofMethod name: String, in source: String) -> ClosedRange<Int>? {
        var previous = ""
        var start: Int?
        var depth = 0
        var found: ClosedRange<Int>?
        SwiftTokens.scan(source) { (token: SwiftTokens.Token) in
            defer { previous = token.kind == .identifier ? token.text : "" }
            if start == nil {
                if previous == "func" && token.kind == .identifier && token.text == name { start = token.line }
                return true
            }
            // Braces in code only: a "{" in a string literal opens nothing.
            if token.kind == .openBrace { depth += 1 }
            if token.kind == .closeBrace {
                depth -= 1
                if depth == 0 { found = start!...token.line; return false }
            }
            return true
        }
        return found
    }
}
