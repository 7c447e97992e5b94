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
}

/// The fingerprints of the shipped starters, `Catalog/starters.json`, keyed `Module/File.swift`.
///
/// Written by `Scripts/regenerate.sh`; the self-test fails when it is stale.
public struct StarterFingerprints: Sendable {
    public var byPath: [String: String]

    public init(byPath: [String: String]) { self.byPath = byPath }

    /// The fingerprints `data` holds; throws when it is not such a file.
    public static func decoded(from data: Data) throws -> StarterFingerprints {
        StarterFingerprints(byPath: try JSONDecoder().decode([String: String].self, from: data))
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(byPath)) ?? Data()
    }
}
