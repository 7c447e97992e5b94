/// The names that exist only in the grader's shadow copy, never in the kata as shipped: the run
/// hook's module and C symbols, the XCTest observer's module, and the variant switch in the legacy
/// code. They all carry one mark, so that one rule finds a reference to any of them.
///
/// An attendee's file that names one of them (an `import`, a `@_silgen_name`, an identifier) would
/// not build in their own editor, where none of them exists: the grader judges it "does not
/// compile", as their build would, instead of letting it reach the grader's machinery.
public enum GraderOnlyNames {
    /// The mark, in the two spellings the generated code uses: `KataShadow…` (Swift modules and
    /// types) and `kata_shadow_…` (C symbols).
    static let marks = ["katashadow", "kata_shadow"]

    public static let hookModule = "KataShadowHook"
    public static let observerModule = "KataShadowObserver"
    public static let variantSymbol = "kata_shadow_variant"
    /// Whether the hook holds the run's channel, and how a record goes into it (authenticated there).
    public static let connectedSymbol = "kata_shadow_connected"
    public static let sendSymbol = "kata_shadow_send"
    public static let observerInstallSymbol = "kata_shadow_observer_install"
    /// The file-private Swift name each legacy file with variants declares for `variantSymbol`.
    public static let variantFunction = "_kataShadowVariant"
    /// The delay a perturbed run's seed picks at a point (`Perturbation.delay`), and the
    /// file-private Swift name each legacy file with variants declares for it.
    public static let delaySymbol = "kata_shadow_delay"
    public static let delayFunction = "_kataShadowDelay"

    public struct Reference: Equatable, Sendable {
        public var name: String
        public var line: Int
    }

    /// The first grader-only name in Swift `source`: in an identifier or inside a string literal
    /// (as `@_silgen_name("…")` takes it), not in a comment.
    public static func firstReference(in source: String) -> Reference? {
        // Most files name no mark at all, which a pass over the bytes tells: letters compared
        // without case, backticks skipped (the scanner reads `Kata`Shadow as one name too).
        guard mayHoldMark(source) else { return nil }
        var found: Reference?
        SwiftTokens.scan(source) { token, line in
            let lowered = token.lowercased()
            if found == nil, marks.contains(where: lowered.contains) { found = Reference(name: token, line: line) }
            return found == nil
        }
        return found
    }
}

extension GraderOnlyNames {
    /// False when no spelling of a mark can be in `source`, whatever its case; true when one may.
    /// Letters are compared without case and backticks skipped, as the scanner reads names
    /// (`Kata`Shadow is one to it). The one letter outside ASCII that lower-cases to one of the
    /// marks' is the Kelvin sign (U+212A, UTF-8 E2 84 AA, to "k"): a file holding it is left to the
    /// scanner.
    static func mayHoldMark(_ source: String) -> Bool {
        let marks = marks.map { Array($0.utf8) }
        var matched = [Int](repeating: 0, count: marks.count)
        var last: (UInt8, UInt8) = (0, 0)
        for byte in source.utf8 {
            if byte == 0xAA, last == (0xE2, 0x84) { return true }
            last = (last.1, byte)
            if byte == UInt8(ascii: "`") { continue }
            let lowered = byte >= 65 && byte <= 90 ? byte + 32 : byte
            for index in marks.indices {
                // No mark begins again inside itself, so a mismatch starts the match afresh.
                let mark = marks[index]
                if mark[matched[index]] == lowered {
                    matched[index] += 1
                    if matched[index] == mark.count { return true }
                } else {
                    matched[index] = mark[0] == lowered ? 1 : 0
                }
            }
        }
        return false
    }
}
