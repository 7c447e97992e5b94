import Foundation
import KataGradingCore

/// The legacy code as shipped: a fingerprint of every file under `Sources/` that the shadow copy
/// builds, kept in `Catalog/sources.json` (written by `Scripts/regenerate.sh`). When the kata's own
/// code stops building, or a variant no longer fits it, this says which file an attendee changed
/// and how to put it back, instead of blaming the kata.
public enum ShippedSources {
    static func url(_ paths: KataPaths) -> URL { paths.root.appendingPathComponent("Catalog/sources.json") }

    /// Files under `Sources/` that the grader copies: the legacy modules and their support modules.
    static func files(_ paths: KataPaths) -> [String] {
        let modules = ((try? FileManager.default.contentsOfDirectory(atPath: paths.sources.path)) ?? [])
            .filter { !$0.hasPrefix("Kata") && !$0.hasPrefix(".") }.sorted()
        return modules.flatMap { module in
            ((try? FileTree.swiftFiles(under: paths.sources.appendingPathComponent(module))) ?? []).map { "\(module)/\($0)" }
        }
    }

    public static func fingerprints(_ paths: KataPaths) -> [String: String] {
        var result: [String: String] = [:]
        for file in files(paths) {
            result[file] = Fingerprint.ofFile(at: paths.sources.appendingPathComponent(file))
        }
        return result
    }

    public static func record(_ paths: KataPaths) throws -> Int {
        let prints = fingerprints(paths)
        try StarterFingerprints(byPath: prints).encoded().write(to: url(paths))
        return prints.count
    }

    /// The first file under `Sources/` that differs from the shipped one (or is missing or new).
    public static func firstEdited(_ paths: KataPaths) -> String? {
        guard let data = try? Data(contentsOf: url(paths)),
              let shipped = try? JSONDecoder().decode([String: String].self, from: data) else { return nil }
        let now = fingerprints(paths)
        for file in Set(shipped.keys).union(now.keys).sorted() where shipped[file] != now[file] {
            return "Sources/" + file
        }
        return nil
    }

    public static func message(_ file: String) -> String {
        "\(file) differs from the kata as shipped, and the grader needs the legacy code unchanged: restore it with `git checkout -- \(file)`."
    }
}
