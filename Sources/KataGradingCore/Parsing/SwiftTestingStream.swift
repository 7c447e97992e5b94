import Foundation

/// Reads Swift Testing's event stream (`--event-stream-output-path`, JSON lines, version 0) as it
/// arrives. Known issues (`withKnownIssue`) and warnings fail nothing; skipped and cancelled tests
/// count as finished. An issue whose test has already ended, or that names no test, is late: it
/// is reported as such and fails nothing. A parameterized test is one test whose cases run between
/// its `testStarted` and `testEnded`; its issues name the case.
public struct SwiftTestingStream: Sendable {
    public private(set) var report = RunReport()
    private var lines = LineReader(longest: 64 << 10)
    private var runStart: Double?
    private var open: [String] = []

    public init() {}

    public mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        for line in lines.lines(in: chunk) { read(line) }
    }

    public mutating func end() {
        if let last = lines.end() { read(last) }
    }

    mutating func read(_ line: LineReader.Line) {
        guard !line.cut else { return readOversized(line.bytes) }
        guard let record = try? JSONSerialization.jsonObject(with: Data(line.bytes)) as? [String: Any] else {
            return report.markDamaged("a line of the event stream that is not JSON")
        }
        switch record["kind"] as? String {
        case "test":
            if let payload = record["payload"] as? [String: Any], payload["kind"] as? String == "function",
               let id = payload["id"] as? String { report.declare(Self.name(of: id)) }
        case "event":
            if let payload = record["payload"] as? [String: Any] { read(event: payload) }
        default:
            break
        }
    }

    private mutating func read(event payload: [String: Any]) {
        let test = (payload["testID"] as? String).map(Self.name(of:))
        let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
        switch payload["kind"] as? String {
        case "runStarted":
            runStart = instant
        case "runEnded":
            report.reachedEnd = true
            if let runStart, let instant { report.seconds = instant - runStart }
        case "testStarted":
            if let test { open.append(test); report.running = test }
        case "testEnded", "testCancelled":
            if let test { close(test) }
        case "testSkipped":
            if let test {
                let comments = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                report.skip(test, reason: comments.first)
                close(test)
            }
        case "issueRecorded":
            let issue = payload["issue"] as? [String: Any] ?? [:]
            guard issue["isKnown"] as? Bool != true, issue["isFailure"] as? Bool != false,
                  issue["severity"] as? String != "warning" else { return }
            var message = Self.message(of: payload)
            if let arguments = (payload["_testCase"] as? [String: Any])?["displayName"] as? String {
                message = "with \(arguments): " + message
            }
            let location = Self.location(issue["sourceLocation"] as? [String: Any])
            if let test, open.contains(test) {
                report.fail(test, message: message, location: location)
            } else {
                report.recordLate(message: message, location: location)
            }
        default:
            break
        }
    }

    private mutating func close(_ test: String) {
        open.removeAll { $0 == test }
        report.finish(test)
        report.running = open.last
    }

    /// A line too long to keep whole: only an issue matters enough to read from its ends; one that
    /// is not even the start of a record was not written by Swift Testing.
    private mutating func readOversized(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("{") else { return report.markDamaged("a line of the event stream that is not JSON") }
        guard text.contains(#""kind":"issueRecorded""#) else { return }
        if let test = Self.field("testID", in: text).map(Self.name(of:)), open.contains(test) {
            report.fail(test, message: "an issue too long to show in full", location: nil)
        } else {
            report.recordLate(message: "an issue too long to show in full", location: nil)
        }
    }

    static func field(_ key: String, in text: String) -> String? {
        guard let start = text.range(of: "\"\(key)\":\"") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    static func message(of payload: [String: Any]) -> String {
        let texts = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        let comments = (payload["_comments"] as? [String] ?? []).filter { !texts.contains($0) }
        let message = (texts + comments).joined(separator: " - ")
        return message.isEmpty ? "issue recorded" : message
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
