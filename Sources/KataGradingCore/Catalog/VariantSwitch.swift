import Foundation

/// How a test run is told which variant of the code to be, without the test being able to tell.
///
/// Every run, real or variant, carries `KATA_RUN=<nonce>.<digest>` with a fresh random nonce. For a
/// variant the digest is `digest(secret, nonce, "Module/name")`; for the real module it is random.
/// The shadow copy's generated `_KataVariant` knows the secret and the module's variant keys, and
/// finds which one (if any) the digest names. A test reading its environment sees a different
/// random-looking value in every run; telling them apart means reimplementing the digest with the
/// secret from the grader's build folder. That is not a sandbox, but it costs far more than writing
/// the tests.
public struct VariantSwitch: Sendable {
    public static let environmentKey = "KATA_RUN"

    public var secret: String

    public init(secret: String) { self.secret = secret }

    /// A switch with a new random secret.
    public static func withNewSecret() -> VariantSwitch {
        VariantSwitch(secret: randomHex(16))
    }

    /// Whether `text` has the form of a secret this type makes.
    public static func isSecret(_ text: String) -> Bool {
        text.count == 32 && text.allSatisfy(\.isHexDigit)
    }

    public func token(for variant: String?) -> String {
        let nonce = Self.randomHex(8)
        let digest = variant.map { Self.digest(secret, nonce, $0) } ?? Self.randomHex(16)
        return "\(nonce).\(digest)"
    }

    static func randomHex(_ bytes: Int) -> String {
        (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// Two FNV-1a passes with different offsets, as 32 hex digits. The generated module carries the
    /// same function (`digestSource`); `VariantSwitchTests` checks that the two agree.
    static func digest(_ secret: String, _ nonce: String, _ key: String) -> String {
        let bytes = Array("\(secret)|\(nonce)|\(key)".utf8)
        var parts: [String] = []
        for offset: UInt64 in [0xcbf29ce484222325, 0x84222325cbf29ce4] {
            var hash = offset
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100000001b3
            }
            let hex = String(hash, radix: 16)
            parts.append(String(repeating: "0", count: 16 - hex.count) + hex)
        }
        return parts.joined()
    }

    static let digestSource = """
        private func _kataDigest(_ secret: String, _ nonce: String, _ key: String) -> Substring {
            let bytes = Array("\\(secret)|\\(nonce)|\\(key)".utf8)
            var parts: [String] = []
            for offset: UInt64 in [0xcbf29ce484222325, 0x84222325cbf29ce4] {
                var hash = offset
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x100000001b3
                }
                let hex = String(hash, radix: 16)
                parts.append(String(repeating: "0", count: 16 - hex.count) + hex)
            }
            return Substring(parts.joined())
        }
        """
}
