/// One compiler error, mapped back to the file the attendee edits.
public struct CompileError: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var message: String
    public var location: String { "\(file):\(line)" }

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        // `#error("…")` prints the attendee's own text.
        self.message = TerminalText.printable(message)
    }
}
