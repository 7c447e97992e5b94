/// The key of one run's channel, drawn at random by the supervisor for each connection and told
/// only to the test binary's hook (`RunHookSource`), which keeps it in memory no symbol names.
///
/// It does two things. The variant the hook is told travels and stays masked with it
/// (`maskedVariant`), so the number a run holds is random for every run and maps to no order of the
/// catalog's variants. And every record the hook sends carries the key's MAC over the record and its
/// place in the sequence (`verify`): a test that writes into the channel itself cannot make a
/// record that passes, and one that keeps a record from arriving (`dup2` over the channel, say)
/// breaks the sequence. SipHash-2-4, as the hook computes it.
public struct ChannelKey: Equatable, Sendable {
    public var k0: UInt64
    public var k1: UInt64

    public init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    public static func random() -> ChannelKey {
        var generator = SystemRandomNumberGenerator()
        return ChannelKey(k0: generator.next(), k1: generator.next())
    }

    /// The line the hook reads when it connects: the key, and the variant masked with it.
    public func greeting(variant: Int32) -> String {
        let masked = UInt32(bitPattern: variant) ^ variantMask
        return String(k0, radix: 16) + " " + String(k1, radix: 16) + " " + String(masked, radix: 16) + "\n"
    }

    var variantMask: UInt32 { UInt32(truncatingIfNeeded: mac(Array("variant".utf8))) }

    /// The variable Swift Testing's exit-test children carry on Linux, put there by the hook of the
    /// test process this key was told to (`RunHookSource`, its `posix_spawn`): the prefix, then the
    /// MAC of "exit-test" in 16 hexadecimal digits.
    public var exitTestMark: String {
        let hex = String(mac(Array("exit-test".utf8)), radix: 16)
        return RunHookSource.exitTestMarkPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The MAC the hook appends to the record `payload` sent `sequence`-th (from 0).
    public func mac(of payload: [UInt8], sequence: UInt64) -> UInt64 {
        var message = [UInt8]()
        message.reserveCapacity(8 + payload.count)
        for index in 0..<8 { message.append(UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(index)))) }
        message += payload
        return mac(message)
    }

    /// The record in `line` (`payload \t 16 hex digits`) when its MAC is the one for `sequence`.
    public func verify(_ line: [UInt8], sequence: UInt64) -> [UInt8]? {
        guard line.count >= 17, line[line.count - 17] == UInt8(ascii: "\t"),
              let claimed = UInt64(String(decoding: line.suffix(16), as: UTF8.self), radix: 16) else { return nil }
        let payload = Array(line.prefix(line.count - 17))
        return mac(of: payload, sequence: sequence) == claimed ? payload : nil
    }

    func mac(_ bytes: [UInt8]) -> UInt64 {
        var v0 = k0 ^ 0x736f6d6570736575, v1 = k1 ^ 0x646f72616e646f6d
        var v2 = k0 ^ 0x6c7967656e657261, v3 = k1 ^ 0x7465646279746573
        func round() {
            v0 &+= v1; v1 = rotate(v1, 13); v1 ^= v0; v0 = rotate(v0, 32)
            v2 &+= v3; v3 = rotate(v3, 16); v3 ^= v2
            v0 &+= v3; v3 = rotate(v3, 21); v3 ^= v0
            v2 &+= v1; v1 = rotate(v1, 17); v1 ^= v2; v2 = rotate(v2, 32)
        }
        let whole = bytes.count - bytes.count % 8
        var at = 0
        while at < whole {
            var word: UInt64 = 0
            for index in 0..<8 { word |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
            v3 ^= word; round(); round(); v0 ^= word
            at += 8
        }
        var last = UInt64(bytes.count & 0xff) << 56
        for index in 0..<(bytes.count % 8) { last |= UInt64(bytes[whole + index]) << (8 * UInt64(index)) }
        v3 ^= last; round(); round(); v0 ^= last
        v2 ^= 0xff; round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    private func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }
}
