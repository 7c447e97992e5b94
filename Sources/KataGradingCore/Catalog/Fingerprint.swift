import Foundation

/// The grader's one hash: a stable 64-bit FNV-1a digest of a file's text, used to tell whether a
/// file changed (the kata's own files against `Catalog/sources.json`, the files of the shadow copy
/// and of a verdict's key) and to give a folder a short stable name, and its word-wise form for a
/// program's bytes (`program`). (A starter is told from an edited file by `StarterText`.)
///
/// Line endings are normalised first, so a checkout with CRLF endings still reads as unchanged.
/// Not cryptographic, and it need not be: it only answers "did this change?".
public enum Fingerprint {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    public static func of(_ data: Data) -> String {
        "fnv1a64:" + hex(data)
    }

    /// The digest alone, in hexadecimal: for names, where the `fnv1a64:` label would only be noise.
    public static func hex(_ data: Data) -> String {
        var hash = offsetBasis
        var previousWasCR = false
        for byte in data {
            if previousWasCR && byte == 0x0A { previousWasCR = false; continue }
            previousWasCR = byte == 0x0D
            let normalized: UInt8 = byte == 0x0D ? 0x0A : byte
            hash ^= UInt64(normalized)
            hash = hash &* prime
        }
        return String(hash, radix: 16)
    }

    /// A program's bytes as they are, in hexadecimal: what tells one build of the grader from
    /// another (`GradingMachine`). The same steps a word of 8 bytes at a time (each step folded,
    /// `hash ^= hash >> 29`, the tail padded with zeros and the length mixed in last), since the
    /// grader's own binary is 12 MB: 3 ms of every grade, where a byte at a time takes 14.
    public static func program(_ data: Data) -> String {
        var hash = offsetBasis
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            func mix(_ word: UInt64) {
                hash = (hash ^ word) &* prime
                hash ^= hash >> 29
            }
            for index in 0..<words { mix(raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) }
            if raw.count % 8 != 0 {
                var tail: UInt64 = 0
                withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[(words * 8)...])) }
                mix(tail)
            }
        }
        return String((hash ^ UInt64(data.count)) &* prime, radix: 16)
    }
}
