import Foundation

/// The shipped starters, word for word: `Catalog/starters.json`, keyed `Module/File.swift`.
///
/// Kept in the catalog (written by `Scripts/regenerate.sh`, proved equal to `Exercises/` by the
/// maintainers' check) so that a checkout with no git history, such as a ZIP download, can still
/// tell a starter from an attendee's work, restore it (`--reset`) and diff a solution against it
/// (`--solution`).
public struct ShippedStarters: Sendable, Equatable {
    public static let currentVersion = 2
    public var texts: [String: String]

    public init(texts: [String: String]) { self.texts = texts }

    struct File: Codable {
        var version: Int
        var starters: [String: String]
    }

    /// The starters `data` holds; throws when it is not such a file.
    public static func decoded(from data: Data) throws -> ShippedStarters {
        let file = try JSONDecoder().decode(File.self, from: data)
        guard file.version == currentVersion else {
            throw CatalogError("starters.json has version \(file.version), this grader reads version \(currentVersion)")
        }
        return ShippedStarters(texts: file.starters)
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(File(version: Self.currentVersion, starters: texts))) ?? Data()) + Data("\n".utf8)
    }

    /// True when `data` is the starter of `key` in every way that matters to the compiler and the
    /// attendee: see `StarterText.matters`.
    public func isStarter(_ key: String, _ data: Data) -> Bool {
        guard let text = texts[key] else { return false }
        return StarterText.matters(data) == StarterText.matters(Data(text.utf8))
    }
}

/// What of a file's text counts when asking "is this still the starter?".
///
/// Editors change files they only opened: a byte-order mark, CRLF or CR line endings, spaces
/// trimmed at the ends of lines, a final newline added or dropped. None of that is work, so none
/// of it turns an untouched starter into a started (and failing) exercise.
public enum StarterText {
    public static func matters(_ data: Data) -> String {
        guard var text = String(data: data, encoding: .utf8) else {
            // Not UTF-8: no starter is, so it compares unequal to every one of them.
            return "\u{0}" + data.base64EncodedString()
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            return line
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
