import Foundation

/// Reads Swift Testing's event stream (`--event-stream-output-path`, JSON lines, version 0): which
/// tests exist, which started and ended, and the issues recorded against them. Known issues
/// (`withKnownIssue`) do not fail a test; skipped and cancelled tests count as finished. A
/// parameterized test is one test whose cases (`testCaseStarted`/`testCaseEnded`) run between its
/// `testStarted` and `testEnded`; its issues name the case.
enum SwiftTestingEvents {
    static func report(_ data: Data) -> RunReport {
        var report = RunReport()
        var started: [String] = []
        var failed = Set<String>()
        var runStart: Double?
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  record["kind"] as? String == "event", let payload = record["payload"] as? [String: Any],
                  let kind = payload["kind"] as? String else { continue }
            let testID = payload["testID"] as? String
            let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
            switch kind {
            case "runStarted":
                runStart = instant
            case "runEnded":
                if let runStart, let instant { report.seconds = instant - runStart }
            case "testStarted":
                if let testID { started.append(testID) }
            case "testEnded", "testSkipped", "testCancelled":
                if let testID { report.finished.insert(testID) }
            case "issueRecorded":
                let issue = payload["issue"] as? [String: Any]
                guard issue?["isKnown"] as? Bool != true, let testID, !failed.contains(testID) else { continue }
                failed.insert(testID)
                let texts = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                let comments = payload["_comments"] as? [String] ?? []
                var message = ([texts.first].compactMap { $0 } + texts.dropFirst() + comments.filter { !texts.contains($0) })
                    .joined(separator: " - ")
                if message.isEmpty { message = "issue recorded" }
                // A parameterized test: say which arguments failed.
                if let arguments = (payload["_testCase"] as? [String: Any])?["displayName"] as? String {
                    message = "with \(arguments): " + message
                }
                report.failures.append(RunReport.Failure(test: name(of: testID), message: message,
                                                         location: location(issue?["sourceLocation"] as? [String: Any])))
            default:
                break
            }
        }
        report.running = started.last { !report.finished.contains($0) }.map(name(of:))
        // Tests are known by id; the finished set keeps ids so that they match the listed ones.
        return report
    }

    /// The tests the stream declares: functions, by id.
    static func tests(_ data: Data) -> [String] {
        var ids: [String] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  record["kind"] as? String == "test", let payload = record["payload"] as? [String: Any],
                  payload["kind"] as? String == "function", let id = payload["id"] as? String else { continue }
            ids.append(id)
        }
        return ids
    }

    /// `Target.Suite/name()/File.swift:3:6` → `Suite/name()`.
    static func name(of testID: String) -> String {
        var parts = testID.split(separator: "/").map(String.init)
        if parts.count > 1, parts.last?.contains(".swift:") == true { parts.removeLast() }
        if let first = parts.first, let dot = first.firstIndex(of: ".") { parts[0] = String(first[first.index(after: dot)...]) }
        return parts.joined(separator: "/")
    }

    static func location(_ source: [String: Any]?) -> String? {
        guard let source, let path = source["_filePath"] as? String ?? source["fileID"] as? String,
              let line = source["line"] as? Int else { return nil }
        return "\(path):\(line)"
    }
}
