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
///
/// Read as bytes: every character it sets aside is ASCII, which in UTF-8 is never part of another
/// character, and a file that is not UTF-8 differs from every starter in something else too. (A
/// grade asks this of every file of the course; read as `String`s, it cost 0.02 s of each grade.)
public enum StarterText {
    public static func matters(_ data: Data) -> [UInt8] {
        let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A, space: UInt8 = 0x20, tab: UInt8 = 0x09
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        func endLine() {
            while let last = kept.last, last == space || last == tab { kept.removeLast() }
        }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == lf, previous == cr {
                // The second half of a CRLF, whose CR ended the line already.
            } else if byte == cr || byte == lf {
                endLine()
                kept.append(lf)
            } else {
                kept.append(byte)
            }
            previous = byte
        }
        endLine()
        while kept.last == lf {
            kept.removeLast()
            endLine()
        }
        return kept
    }
}
