import Foundation
import KataGradingCore

/// The kata as shipped: a fingerprint of every file that decides a verdict and that attendees do
/// not edit (`Package.swift`, `Catalog/`, `Sources/` with the grader's own modules, and
/// `Scripts/grade.sh`), kept in `Catalog/sources.json` (written by `Scripts/regenerate.sh`).
///
/// Tests run with the attendee's rights, so a test could rewrite the catalog (an exercise with no
/// planted bugs is done by any test) or a legacy file. So every grade first checks these files
/// against the record and refuses to grade a changed one, naming it and the command that restores
/// it (`verified`); it keeps their text from that check, and once the runs are over, puts back
/// any a test changed and stops (`checkUnchanged`): a test that rewrote both a file and the record
/// is caught there, whatever the record then says.
public struct ShippedKata: Sendable {
    static let record = "Catalog/sources.json"

    /// The checked files' text, by path in the kata, as the grade found them.
    private let texts: [String: Data]
    private let root: URL

    /// The files the record covers, by path in the kata (dotfiles and editors' backups left out).
    static func files(_ paths: KataPaths) -> [String] {
        var files = ["Package.swift", "Scripts/grade.sh"].filter { FileManager.default.fileExists(atPath: paths.root.appendingPathComponent($0).path) }
        for folder in ["Catalog", "Sources"] {
            let all = (try? FileTree.files(under: paths.root.appendingPathComponent(folder))) ?? []
            files += all.filter { file in
                let name = file.split(separator: "/").last.map(String.init) ?? file
                let dotted = file.split(separator: "/").contains { $0.hasPrefix(".") }
                return !dotted && !name.hasSuffix("~") && !name.hasPrefix("#") && !(folder == "Catalog" && name.hasSuffix(".md"))
            }.map { "\(folder)/\($0)" }
        }
        return files.filter { $0 != record }.sorted()
    }

    /// Each covered file's text, nil for one that cannot be read.
    static func read(_ paths: KataPaths) -> [String: Data?] {
        var texts: [String: Data?] = [:]
        for file in files(paths) { texts[file] = FileManager.default.contents(atPath: paths.root.appendingPathComponent(file).path) }
        return texts
    }

    public static func fingerprints(_ paths: KataPaths) -> [String: String] {
        read(paths).mapValues { $0.map(Fingerprint.of) ?? "unreadable" }
    }

    /// Writes the record: each covered file's fingerprint by its path, as JSON with sorted keys.
    public static func record(_ paths: KataPaths) throws -> Int {
        let prints = fingerprints(paths)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(prints).write(to: paths.root.appendingPathComponent(record))
        return prints.count
    }

    /// How a covered file differs from the record.
    public struct Difference: Error, Equatable, CustomStringConvertible {
        public enum Kind: Equatable, Sendable { case changed, missing, added }
        public var file: String
        public var kind: Kind

        public var description: String {
            switch kind {
            // The command ends the message, so that a terminal's wrapping never breaks it.
            case .changed:
                return "\(file) differs from the kata as shipped, and verdicts depend on it.\(Self.maintainers) To restore it: git checkout -- \(Self.quoted(file))"
            case .missing:
                return "\(file) is missing or unreadable, and verdicts depend on it.\(Self.maintainers) To restore it: git checkout -- \(Self.quoted(file))"
            case .added:
                return "\(file) is not part of the kata as shipped, and the grader would build or read it: move it out of the kata.\(Self.maintainers)"
            }
        }

        static let maintainers = " (Maintainers who meant the change: Scripts/regenerate.sh records it, Catalog/README.md.)"


        /// `file` as zsh and bash take it: bare when it holds only plain characters, else in single quotes.
        static func quoted(_ file: String) -> String {
            let plain = file.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+".unicodeScalars.contains($0) }
            return plain && !file.isEmpty ? file : "'" + file.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }

    /// The first covered file that differs from the record (or is missing or new), in order; the
    /// record itself missing or unreadable is such a difference.
    public static func firstEdited(_ paths: KataPaths, now: [String: String]? = nil) -> Difference? {
        guard let data = FileManager.default.contents(atPath: paths.root.appendingPathComponent(record).path),
              let shipped = try? JSONDecoder().decode([String: String].self, from: data) else {
            return Difference(file: record, kind: .missing)
        }
        let now = now ?? fingerprints(paths)
        for file in Set(shipped.keys).union(now.keys).sorted() where shipped[file] != now[file] {
            return Difference(file: file, kind: shipped[file] == nil ? .added : (now[file] ?? "unreadable") == "unreadable" ? .missing : .changed)
        }
        return nil
    }

    /// The kata's files, checked against the record: throws the first difference.
    public static func verified(_ paths: KataPaths) throws -> ShippedKata {
        let read = read(paths)
        if let difference = firstEdited(paths, now: read.mapValues { $0.map(Fingerprint.of) ?? "unreadable" }) { throw difference }
        var texts = read.compactMapValues { $0 }
        texts[record] = FileManager.default.contents(atPath: paths.root.appendingPathComponent(record).path)
        return ShippedKata(texts: texts, root: paths.root)
    }

    /// A test changed the kata's own files while the grade ran.
    public struct Changed: Error, CustomStringConvertible {
        public var files: [String]
        public var added: [String]
        public var description: String {
            var text = "a test changed the kata's own files (\(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? ", …" : "")): the grader put them back as they were before the grade; this grade's verdicts are not trusted, so grade again."
            if !added.isEmpty {
                text += " It also added \(added.joined(separator: ", ")): move \(added.count == 1 ? "it" : "them") out of the kata."
            }
            return text
        }
    }

    /// Once every run is over: puts back, as the grade found it, each checked file (and the record)
    /// that changed or went away, and throws `Changed` naming them (and any file added).
    public func checkUnchanged() throws {
        var changed: [String] = []
        let paths = KataPaths(root: root)
        for (file, text) in texts where FileManager.default.contents(atPath: root.appendingPathComponent(file).path) != text {
            changed.append(file)
            let url = root.appendingPathComponent(file)
            // Written aside and renamed over the name: a link put there is replaced, never followed.
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: url, options: .atomic)
        }
        let added = Self.files(paths).filter { texts[$0] == nil }
        if !changed.isEmpty || !added.isEmpty { throw Changed(files: changed.sorted(), added: added) }
    }
}
