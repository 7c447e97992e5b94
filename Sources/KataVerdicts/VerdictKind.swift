/// The eleven verdicts, the one vocabulary the grader judges in and the room shows.
///
/// The raw values are the words attendees read (the README's verdict table, `status` in
/// docs/results-json.md, and what `grade.sh --join` sends to the room), so they never change
/// without all three. The symbols make the room's grid readable in black and white, where colour
/// alone would not.
public enum VerdictKind: String, Codable, Sendable, CaseIterable {
    case done
    case notStarted = "not started"
    case doesNotCompile = "does not compile"
    case failing
    case hangs
    case crashed
    case missesBugs = "misses bugs"
    case rejectsCorrectCode = "rejects correct code"
    case flaky
    case tooSlow = "too slow"
    /// The exercise cannot run on this machine: it needs a newer Swift or macOS, or Xcode. It does
    /// not count against the course (the N of N/M done leaves it out).
    case needs

    /// Whether the verdict counts in a course's N/M: every verdict but `needs`.
    public var counts: Bool { self != .needs }

    /// The verdict as the rest of a sentence about a track or an exercise ("your XCTest track of
    /// it \(phrase)"): the raw value is a label ("rejects correct code"), and "is rejects correct
    /// code" is not English. Every sentence that says a verdict uses this, never the raw value.
    public var phrase: String {
        switch self {
        case .done: "is done"
        case .notStarted: "is not started"
        case .doesNotCompile: "does not compile"
        case .failing: "is failing"
        case .hangs: "hangs"
        case .crashed: "crashed"
        case .missesBugs: "misses bugs"
        case .rejectsCorrectCode: "rejects correct code"
        case .flaky: "is flaky"
        case .tooSlow: "is too slow"
        case .needs: "needs what this machine lacks"
        }
    }

    /// How loud a verdict is shown, wherever it is coloured: the terminal's colour and mark
    /// (`Style` in the grader) follow it.
    public enum Tone: Sendable {
        /// Done.
        case good
        /// Nothing to fix: not started, or not runnable here.
        case quiet
        /// The tests run and pass, but miss or refuse something.
        case warning
        /// The tests do not run or do not pass.
        case bad
    }

    public var tone: Tone {
        switch self {
        case .done: .good
        case .notStarted, .needs: .quiet
        case .missesBugs, .rejectsCorrectCode, .flaky, .tooSlow: .warning
        case .doesNotCompile, .failing, .hangs, .crashed: .bad
        }
    }

    /// The CSS class the room's page shows the verdict in: `v-` and its words joined by `-`.
    public var cssClass: String { "v-" + rawValue.split(separator: " ").joined(separator: "-") }

    /// Every verdict as the room page's script reads them, generated here so that the page never
    /// spells one: `[["done", "✓", "v-done"], …]`, in the order of the legend.
    public static var javaScriptTable: String {
        "[" + allCases.map { "[\"\($0.rawValue)\", \"\($0.symbol)\", \"\($0.cssClass)\"]" }.joined(separator: ", ") + "]"
    }

    /// One character per verdict on the room's grid.
    public var symbol: String {
        switch self {
        case .done: "✓"
        case .notStarted: "·"
        case .doesNotCompile: "C"
        case .failing: "✗"
        case .hangs: "H"
        case .crashed: "!"
        case .missesBugs: "B"
        case .rejectsCorrectCode: "R"
        case .flaky: "~"
        case .tooSlow: "S"
        case .needs: "N"
        }
    }

    /// `symbol` in plain ASCII, for a terminal that shows no symbols (`NO_COLOR`, a pipe).
    public var asciiSymbol: String {
        switch self {
        case .done: "+"
        case .notStarted: "-"
        case .failing: "x"
        case .doesNotCompile, .hangs, .crashed, .missesBugs, .rejectsCorrectCode, .flaky, .tooSlow, .needs: symbol
        }
    }
}
