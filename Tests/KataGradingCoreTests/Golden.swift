import Foundation

/// The recorded outputs in `Golden/` (see its README): each named `<what>-<Swift version>.<ext>`,
/// one file per toolchain it was recorded with. `GoldenRecorder` records this machine's.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func data(_ name: String) -> Data {
        (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
    }

    /// One recorded file: the toolchain it came from, and what it holds.
    struct Recording {
        var version: String
        var data: Data
        var text: String { String(decoding: data, as: UTF8.self) }
    }

    /// Every recorded version of `what` (`xctest-pass` and `records`: `xctest-pass-6.2.3.records`,
    /// `xctest-pass-6.3.1.records`…), oldest toolchain first.
    static func recordings(_ what: String, _ ext: String) -> [Recording] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> Recording? in
            guard name.hasPrefix(what + "-"), name.hasSuffix("." + ext) else { return nil }
            let version = String(name.dropFirst(what.count + 1).dropLast(ext.count + 1))
            guard !version.isEmpty, version.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            return Recording(version: version, data: data(name))
        }
        .sorted { $0.version.compare($1.version, options: .numeric) == .orderedAscending }
    }

    /// Where the probe package sat when it was recorded, as every file says it.
    static let probeRoot = "/tmp/probe"

    /// What differs between two recordings on one machine and toolchain, made the same, in the
    /// file `name`: the probe's own path (`probeRoot`, also as JSON escapes it); clock times,
    /// durations and backtrace addresses; in XCTest records, a test's end record's duration; in a
    /// build log, SwiftPM's in-process bookkeeping steps (`Write sources`, `Write swift-version…`),
    /// whose place among the other steps changes from one build to the next even with `-j 1`; in
    /// JSON, the order of keys, which Foundation's encoder changes from run to run (LINUX-NOTES),
    /// and of XCTest's classes in a listing, which follows SwiftPM's discovery and changes from
    /// build to build (a class's tests keep their order).
    static func normalised(_ text: String, probe: String, name: String) -> String {
        var text = text.replacingOccurrences(of: probe, with: probeRoot)
            .replacingOccurrences(of: probe.replacingOccurrences(of: "/", with: "\\/"),
                                  with: probeRoot.replacingOccurrences(of: "/", with: "\\/"))
        var rules = normalisations
        if name.hasSuffix(".records") { rules.append(endRecordSeconds) }
        if name.hasSuffix(".log") { rules.append(bookkeeping) }
        for (pattern, template) in rules {
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        if name.hasSuffix(".json"), let start = text.firstIndex(of: "{"),
           let tree = try? JSONSerialization.jsonObject(with: Data(text[start...].utf8)),
           let sorted = try? JSONSerialization.data(withJSONObject: suitesByName(tree), options: [.sortedKeys]) {
            text = String(text[..<start]) + String(decoding: sorted, as: UTF8.self) + "\n"
        }
        return text
    }

    /// `tree` with every list of suites (nodes that hold `tests`) in the order of their names.
    static func suitesByName(_ tree: Any) -> Any {
        if let node = tree as? [String: Any] { return node.mapValues(suitesByName) }
        guard let list = tree as? [Any] else { return tree }
        let children = list.map(suitesByName)
        let suites = children.compactMap { $0 as? [String: Any] }.filter { $0["tests"] != nil }
        guard suites.count == children.count else { return children }
        return suites.sorted { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
    }

    private static let endRecordSeconds = (try! NSRegularExpression(pattern: #"(?m)^(E\t[^\t\n]*\t)[0-9.e+-]+\t"#), "$10.001\t")
    private static let bookkeeping = (try! NSRegularExpression(pattern: #"(?m)^\[[0-9]+/[0-9]+\] Write (sources|swift-version-[0-9A-F]+\.txt)\n"#), "")
    private static let normalisations: [(NSRegularExpression, String)] = [
        // Swift Testing's event stream: every event's instant, and the addresses of an issue's backtrace.
        (#""(absolute|since1970)":-?[0-9.e+-]+"#, "\"$1\":0"),
        (#"\{"address":[0-9]+\}"#, "{\"address\":0}"),
        // Durations in words: Swift Testing's "after 0.503 seconds", XCTest's "(0.503 seconds)" and
        // "in 0.503 (0.504) seconds", SwiftPM's "(3.21s)".
        (#"after [0-9.]+ seconds"#, "after 0.001 seconds"),
        (#"\([0-9.]+ seconds\)"#, "(0.001 seconds)"),
        (#" in [0-9.]+ \([0-9.]+\) seconds"#, " in 0.001 (0.001) seconds"),
        (#"\(([0-9]+\.[0-9]+)s\)"#, "(0.01s)"),
        // XCTest's clock times: "started at 2026-11-26 19:40:00.123".
        (#"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+"#, "2000-01-01 00:00:00.000"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }
}
