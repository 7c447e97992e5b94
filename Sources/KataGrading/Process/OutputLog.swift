#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KataGradingCore

/// Keeps a command's output for people to read, bounded whatever it prints: its first `headLimit`
/// bytes and its last `tailLimit`, with a note of how much was cut in between, and past the head
/// the lines that hold one of `keeping` (a build's compiler errors), up to `keptLimit` bytes.
/// A test run's output is read, for the wording of a crash, by the run stage (`OutputFacts`).
struct OutputLog {
    /// For a test run, whose output only people read.
    static let testHead = 256 << 10
    /// For a tool (a build), whose errors the grader reads.
    static let toolHead = 2 << 20
    static let tailLimit = 32 << 10
    static let keptLimit = 1 << 20

    let sink: Int32
    let headLimit: Int
    private let keeping: [[UInt8]]
    private var keptBytes = 0
    /// The line being read past the head, for `keeping`; nil while inside one too long to keep.
    private var line: [UInt8]? = []
    private(set) var total = 0
    private var tail: [UInt8] = []

    init(sink: Int32, headLimit: Int, keeping: [String] = []) {
        self.sink = sink
        self.headLimit = headLimit
        self.keeping = keeping.map { Array($0.utf8) }
    }

    /// The tail's bytes that `finish` writes (or wrote).
    private var tailKept: Int?

    var cutBytes: Int { max(0, total - headLimit - keptBytes - (tailKept ?? min(tail.count, Self.tailLimit))) }

    mutating func take(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0 else { return }
        let head = min(chunk.count, max(0, headLimit - total))
        if head > 0 { emit(UnsafeRawBufferPointer(rebasing: chunk[0..<head])) }
        if head < chunk.count {
            if !keeping.isEmpty { keepLines(UnsafeRawBufferPointer(rebasing: chunk[head...]), afterHead: total + head == headLimit) }
            tail.append(contentsOf: chunk[head...])
            if tail.count > 2 * Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
        }
        total += chunk.count
    }

    /// Past the head, a line that holds one of `keeping` is written as it ends, while `keptLimit` lasts.
    private mutating func keepLines(_ bytes: UnsafeRawBufferPointer, afterHead: Bool) {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10)
            let piece = bytes[start..<(end ?? bytes.count)]
            if var current = line, current.count + piece.count <= 16 << 10 { current += piece; line = current } else { line = nil }
            guard let end else { return }
            if let current = line, keptBytes + current.count < Self.keptLimit,
               current.withUnsafeBytes({ raw in keeping.contains { ByteSearch.find($0, in: raw) != nil } }) {
                (current + [10]).withUnsafeBytes { emit($0) }
                keptBytes += current.count + 1
            }
            line = []
            start = end + 1
        }
    }

    mutating func finish() {
        let kept = Array(tail.suffix(Self.tailLimit))
        tailKept = kept.count
        if total > headLimit + keptBytes + kept.count {
            let note = "\n[kata: \(cutBytes) bytes of output were cut here; the last \(kept.count) follow]\n"
            note.utf8CString.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        }
        kept.withUnsafeBytes { emit($0) }
        tail = []
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) {
        Descriptor.writeAll(bytes, to: sink)
    }
}
