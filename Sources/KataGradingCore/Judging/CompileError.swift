/// One compiler error, mapped back to the file the attendee edits.
public struct CompileError: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var message: String
    /// It compiles, but SwiftPM's test binary crashes at start with it (`MainActorDiscovery`):
    /// left out of the build all the same, and judged as crashed.
    public var crashesAtStart = false
    public var location: String { "\(file):\(line)" }

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        // `#error("…")` prints the attendee's own text.
        self.message = TerminalText.printable(message)
    }
}
