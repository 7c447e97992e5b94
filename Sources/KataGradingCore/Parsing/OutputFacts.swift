/// The two facts a test run's output is read for, for the wording of a crash: the last line of a
/// Swift fatal error, and a deadlock's own words: the wait frame of a Swift runtime backtrace
/// (Linux), or libdispatch's message, which Apple's libdispatch puts in the crash report and a tool
/// may print (the open sources leave it out: docs/platforms.md). Every byte is looked at, however
/// much a run prints, with bounded memory; a test's output decides no verdict beyond these words.
public struct OutputFacts: Sendable {
    static let deadlockMarkers = ["__DISPATCH_WAIT_FOR_QUEUE__", "dispatch_sync called on queue already owned by current thread"]
        .map { Array($0.utf8) }
    /// A Swift fatal error's line, or the uncaught Objective-C exception's (Apple's XCTest raises on
    /// an expectation fulfilled too often or too late: docs/platforms.md, rows 10 and 11).
    static let fatalMarkers = ["Fatal error", "Terminating app due to uncaught exception"].map { Array($0.utf8) }

    public private(set) var sawDeadlock = false
    public private(set) var fatalError: String?
    /// The last bytes of the previous chunk, so that a marker split across two reads is found.
    private var carry: [UInt8] = []

    public init() {}

    public mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0 else { return }
        let window = carry + chunk
        window.withUnsafeBytes { raw in
            if !sawDeadlock { sawDeadlock = Self.deadlockMarkers.contains { ByteSearch.find($0, in: raw) != nil } }
            for marker in Self.fatalMarkers {
                var from = 0
                while let at = ByteSearch.find(marker, in: UnsafeRawBufferPointer(rebasing: raw[from...])) {
                    let start = from + at
                    let lineStart = raw[..<start].lastIndex(of: 10).map { $0 + 1 } ?? max(0, start - 200)
                    let lineEnd = raw[start...].firstIndex(of: 10) ?? raw.count
                    let bytes = raw[max(lineStart, start - 200)..<min(lineEnd, start + 1000)]
                    fatalError = String(decoding: bytes, as: UTF8.self)
                    from = start + marker.count
                }
            }
        }
        carry = Array(window.suffix(64))
    }
}
