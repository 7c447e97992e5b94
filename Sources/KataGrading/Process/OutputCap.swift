import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps what the grader needs of a run's output, however much the run prints.
///
/// The first `headLimit` bytes pass untouched. After that only the lines it is told to keep (the
/// ones the grader reads: `LineMarkers.linesTheGraderReads`) pass, plus the last `tailLimit` bytes,
/// and a note says how much was cut.
struct OutputCap {
    static let headLimit = 1 << 20
    static let tailLimit = 16 << 10
    static let longestLine = 16 << 10
    static let newline = UInt8(ascii: "\n")

    private(set) var written = 0
    private(set) var cutBytes = 0
    /// The start of the line being read, once past the head; nil while inside a line too long to keep.
    private var line: [UInt8]? = []
    private var tail: [UInt8] = []
    /// The lines kept past the head, as bytes.
    private let prefixes: [[UInt8]]
    private let markers: [[UInt8]]

    init(keeping lines: LineMarkers) {
        prefixes = lines.prefixes.map { Array($0.utf8) }
        markers = lines.markers.map { Array($0.utf8) }
    }

    mutating func take(_ chunk: ArraySlice<UInt8>) {
        var rest = chunk
        if written < Self.headLimit {
            let head = rest.prefix(Self.headLimit - written)
            emit(head)
            rest = rest.dropFirst(head.count)
            // A line cut in two by the limit is not a line the grader can read: end it, and drop
            // the rest of it.
            if !rest.isEmpty, head.last != Self.newline {
                emit([Self.newline][...])
                line = nil
            }
        }
        while !rest.isEmpty {
            let end = rest.withUnsafeBytes { raw -> Int? in
                guard let found = memchr(raw.baseAddress!, Int32(Self.newline), raw.count) else { return nil }
                return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
            let piece = rest.prefix(end.map { $0 + 1 } ?? rest.count)
            rest = rest.dropFirst(piece.count)
            if var current = line, current.count + piece.count <= Self.longestLine {
                current += piece
                line = current
            } else {
                if let current = line { cut(current) }
                cut(piece)
                line = nil
            }
            if end != nil { finishLine() }
        }
    }

    mutating func finish() {
        if let current = line, !current.isEmpty { line = current + [Self.newline]; finishLine() }
        if cutBytes > 0 {
            emit(Array("\n[kata: \(cutBytes) bytes of output were cut; the last of them follow]\n".utf8)[...])
            emit(tail.suffix(Self.tailLimit))
        }
    }

    private mutating func finishLine() {
        if let current = line {
            if isStructural(current) { emit(current[...]) } else { cut(current[...]) }
        }
        line = []
    }

    private mutating func cut<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        cutBytes += bytes.count
        tail += bytes
        if tail.count > 2 * Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
    }

    /// Whether a line is one to keep, looked for in its first 512 bytes. Compared as bytes with `memchr`/`memcmp`: this runs on every line a flooding test
    /// prints, and Swift string searches here once slowed the reading of the pipe enough to make
    /// such a test 0.5 s slower than its budget.
    func isStructural(_ line: [UInt8]) -> Bool {
        let count = min(line.count, 512)
        return line.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return false }
            for prefix in prefixes where count >= prefix.count && memcmp(base, prefix, prefix.count) == 0 {
                return true
            }
            for marker in markers where Self.find(marker, in: base, count: count) {
                return true
            }
            return false
        }
    }

    /// `memmem`, which Glibc's Swift module does not export: `memchr` for the first byte, then `memcmp`.
    static func find(_ marker: [UInt8], in base: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while count - offset >= marker.count {
            guard let hit = memchr(base + offset, Int32(marker[0]), count - offset - marker.count + 1) else { return false }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, marker, marker.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    private mutating func emit(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        written += bytes.count
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(1, raw.baseAddress! + offset, raw.count - offset)
                if count <= 0 { if errno == EINTR { continue } else { return } }
                offset += count
            }
        }
    }
}
