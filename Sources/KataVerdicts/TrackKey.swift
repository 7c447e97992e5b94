/// One exercise on one framework's track, as everything that names a track spells it:
/// `mocking-request@swift-testing`, or the bare id where no framework is named.
///
/// The one definition of that word, read and written by the grader's records (`LastGrade`), its
/// reports and command line, and the room's results and their keys: an id never holds `@`, so the
/// id is what comes before the first one and the framework what follows it.
public struct TrackKey: Hashable, Sendable, CustomStringConvertible {
    public var id: String
    /// The framework's word (`xctest`, `swift-testing`); nil for a bare id: the exercise's first
    /// track on the command line, an older grader's record, a room result that names no framework.
    public var framework: String?

    public init(id: String, framework: String?) {
        self.id = id
        self.framework = framework
    }

    /// Reads a key as written. `id@` names an empty framework, which no exercise has.
    public init(_ text: some StringProtocol) {
        if let at = text.firstIndex(of: "@") {
            self.init(id: String(text[..<at]), framework: String(text[text.index(after: at)...]))
        } else {
            self.init(id: String(text), framework: nil)
        }
    }

    public var description: String { framework.map { "\(id)@\($0)" } ?? id }
}
