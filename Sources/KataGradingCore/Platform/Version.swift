/// A version as toolchains and systems write it: `6.2`, `6.2.3`, `15.5`, `26`.
public struct Version: Comparable, Hashable, Sendable, CustomStringConvertible, Codable {
    public var parts: [Int]

    public init(_ parts: Int...) { self.parts = parts }

    /// `"6.2.3"`; nil unless every part is a number.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        self.parts = parts.map { $0! }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = Version(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a version such as 6.2"))
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// 6.2 == 6.2.0: missing parts count as zero.
    public static func == (a: Version, b: Version) -> Bool { compare(a, b) == 0 }
    public static func < (a: Version, b: Version) -> Bool { compare(a, b) < 0 }
    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    static func compare(_ a: Version, _ b: Version) -> Int {
        for index in 0..<max(a.parts.count, b.parts.count) {
            let x = index < a.parts.count ? a.parts[index] : 0, y = index < b.parts.count ? b.parts[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// The compiler's version in what `swift --version` prints: `Swift version 6.2.3 (swift-6.2.3-RELEASE)`
    /// on Linux, `Apple Swift version 6.2 (swiftlang-…)` from Xcode, after a `swift-driver version:`
    /// line on some toolchains.
    public static func swift(fromVersionOutput output: String) -> Version? {
        guard let range = output.range(of: "Swift version ") else { return nil }
        let number = output[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Version(String(number.hasSuffix(".") ? number.dropLast() : number))
    }
}
