import Foundation

/// A stable 64-bit FNV-1a digest of a file's text, used to tell a shipped starter from an edited one.
///
/// Line endings are normalised first, so a checkout with CRLF endings still counts as untouched.
/// Not cryptographic, and it need not be: it only answers "is this still the starter?".
public enum Fingerprint {
    public static func of(_ data: Data) -> String {
        "fnv1a64:" + hex(data)
    }

    /// The digest alone, in hexadecimal: for names, where the `fnv1a64:` label would only be noise.
    public static func hex(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var previousWasCR = false
        for byte in data {
            if previousWasCR && byte == 0x0A { previousWasCR = false; continue }
            previousWasCR = byte == 0x0D
            let normalized: UInt8 = byte == 0x0D ? 0x0A : byte
            hash ^= UInt64(normalized)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    public static func ofFile(at url: URL) -> String? {
        (try? Data(contentsOf: url)).map(of)
    }
}

/// The fingerprints of the shipped starters, `Catalog/starters.json`, keyed `Module/File.swift`.
///
/// Written by `Scripts/regenerate.sh`; the self-test fails when it is stale.
public struct StarterFingerprints: Sendable {
    public var byPath: [String: String]

    public static func load(from url: URL) throws -> StarterFingerprints {
        guard let data = try? Data(contentsOf: url) else {
            throw CatalogError("\(url.path) is missing, so the grader cannot tell a starter from your work. Restore it with `git checkout -- Catalog/starters.json`.")
        }
        do {
            return StarterFingerprints(byPath: try JSONDecoder().decode([String: String].self, from: data))
        } catch {
            throw CatalogError("\(url.path) is damaged. Restore it with `git checkout -- Catalog/starters.json`.")
        }
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(byPath)) ?? Data()
    }
}
