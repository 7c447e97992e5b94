/// How a supervisor hands the grader what one test run said, as it arrives, on a pipe of their
/// own: its output, Swift Testing's event stream, and the records its hook sent on the run's
/// channel, each byte as read, in frames (`kind`, a 4-byte big-endian length, the bytes). The
/// supervisor reads none of it: it relays (`Outbox`), and the run stage reads (`Inbox`, then
/// `RunReading`'s parsers).
///
/// The supervisor keeps the reading, not the parsing: it serves the run's channel (it started the
/// test process, so only it can tell that process's connection from any other), and its one loop
/// drains every source as it is written, so a test never waits on a full pipe. A channel frame
/// carries the key told to its connection, so the grader checks each record's MAC itself; the
/// relay is as private as the supervisor's other pipes (closed on exec, so no test holds it, in a
/// process no test can inspect).
public enum RunRelay {
    public enum Kind: UInt8, Sendable {
        /// What the test process printed (standard output and error, in order).
        case output = 0x4F
        /// Swift Testing's event stream, as written into the pipe on the test's descriptor 3.
        case events = 0x45
        /// Bytes the test process's hook sent on the run's channel: the connection's key (16 bytes),
        /// then the bytes.
        case channel = 0x43
        /// The run is over and everything was relayed: one byte, 1 if the test process's hook
        /// connected (and was told its variant), else 0.
        case end = 0x5A
    }

    static let headerSize = 5
    /// The largest frame's bytes: a read's worth, and a key.
    public static let largestPayload = (1 << 16) + 16

    /// The supervisor's side: frames waiting to be written, at most about `most` bytes. Past that
    /// the supervisor stops reading its sources until the grader has taken some (`isFull`), so a
    /// run that floods waits on its own pipes, as it would under `swift test`.
    public struct Outbox: Sendable {
        public static let most = 1 << 20
        private var bytes: [UInt8] = []
        private var sent = 0

        public init() {}

        public var isFull: Bool { bytes.count - sent >= Self.most }
        public var isEmpty: Bool { bytes.count == sent }

        /// Frames `chunk` (at most a read's worth) from `kind`; for the channel, with the key told
        /// to the connection it came from.
        public mutating func put(_ kind: Kind, _ chunk: UnsafeRawBufferPointer, key: ChannelKey? = nil) {
            var length = chunk.count
            if key != nil { length += 16 }
            header(kind, length)
            if let key { for word in [key.k0, key.k1] { for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))) } } }
            bytes.append(contentsOf: chunk)
        }

        public mutating func end(hookConnected: Bool) {
            header(.end, 1)
            bytes.append(hookConnected ? 1 : 0)
        }

        private mutating func header(_ kind: Kind, _ length: Int) {
            bytes.append(kind.rawValue)
            for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }

        /// Hands the waiting bytes to `write`, which returns how many it took (or a negative number
        /// when it took none), and keeps the rest.
        public mutating func send(_ write: (UnsafeRawBufferPointer) -> Int) {
            guard !isEmpty else { return }
            let written = bytes.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            guard written > 0 else { return }
            sent += written
            if sent == bytes.count {
                bytes.removeAll(keepingCapacity: bytes.count <= 2 * Self.most)
                sent = 0
            } else if sent >= Self.most {
                bytes.removeFirst(sent)
                sent = 0
            }
        }
    }

    /// One frame as the grader reads it.
    public enum Frame: Equatable, Sendable {
        case output([UInt8])
        case events([UInt8])
        case channel(key: ChannelKey, [UInt8])
        case end(hookConnected: Bool)
    }

    /// The grader's side: frames out of the bytes of the relay, in pieces of any size.
    public struct Inbox: Sendable {
        private var header: [UInt8] = []
        private var payload: [UInt8] = []
        private var expected = 0
        /// Bytes that were not a frame: never from a supervisor, so the run proves nothing.
        public private(set) var broken = false

        public init() {}

        public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ take: (Frame) -> Void) {
            var index = 0
            while index < chunk.count, !broken {
                if header.count < RunRelay.headerSize {
                    header.append(chunk[index])
                    index += 1
                    guard header.count == RunRelay.headerSize else { continue }
                    expected = header[1...4].reduce(0) { $0 << 8 | Int($1) }
                    guard Kind(rawValue: header[0]) != nil, expected <= RunRelay.largestPayload else { broken = true; return }
                    payload.reserveCapacity(expected)
                } else {
                    let count = min(expected - payload.count, chunk.count - index)
                    payload.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[index..<(index + count)]))
                    index += count
                }
                if header.count == RunRelay.headerSize, payload.count == expected {
                    guard let frame = Self.frame(Kind(rawValue: header[0])!, payload) else { broken = true; return }
                    header = []
                    payload = []
                    take(frame)
                }
            }
        }

        static func frame(_ kind: Kind, _ payload: [UInt8]) -> Frame? {
            switch kind {
            case .output: return .output(payload)
            case .events: return .events(payload)
            case .channel:
                guard payload.count >= 16 else { return nil }
                func word(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(payload[at + $1]) << (8 * UInt64($1)) } }
                return .channel(key: ChannelKey(k0: word(0), k1: word(8)), Array(payload[16...]))
            case .end:
                guard payload.count == 1 else { return nil }
                return .end(hookConnected: payload[0] == 1)
            }
        }
    }
}
