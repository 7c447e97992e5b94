/// The eleven verdicts, the one vocabulary the grader judges in and the room shows.
///
/// The raw values are the words attendees read (the README's verdict table, `status` in
/// docs/results-json.md, and what `grade.sh --join` sends to the room), so they never change
/// without all three: the docs' lists of verdicts are generated from this type
/// (`Scripts/regenerate.sh`), and `grade.sh --check` fails while one is stale. The symbols make the room's grid readable in black and white, where colour
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

    /// What the margin run does, in the words of the flaky verdict's meaning and of the judge's
    /// rule (`Judge.marginRule`): one sentence, so that the rule cannot be said two ways. The
    /// stretch itself is `Perturbation.margin` (and the run hook's C twin).
    public static let marginStretch = "delays each hand-off to a quarter again the longest its contract allows, as a slow or busy machine would"

    /// What the verdict means, as README's verdict table gives it (`grade.sh --refresh-docs`
    /// writes that table from this and `whatToDo`).
    public var meaning: String {
        switch self {
        case .done: "Passes on the real code, catches every planted bug, passes every correct variant, every time, within budget."
        case .notStarted: "The file is still the starter."
        case .doesNotCompile: "The first compiler error, with file:line. Other exercises are graded without this one."
        case .failing: "A test fails on the real code: the test and its message."
        case .hangs: "Killed after the exercise's time limit, with the test that was running."
        case .crashed: "The signal, and the test. A `dispatch_sync` deadlock is named as such."
        case .missesBugs: "\"caught 2 of 3\": the tests pass on a buggy version; each missed bug's hint, in the words of your track's framework."
        case .rejectsCorrectCode: "The tests fail on a correct version that answers later, sooner or elsewhere (one that only answers at another time is run a second time first, and must fail both), or on the real code when the grader delays one of its hand-offs within what the code promises: \"your tests fail when the value is handed over 500 ms later\", with the command that replays exactly that timing (`--seed`)."
        case .flaky: "Identical runs disagree (the last of them runs while the grader keeps every core busy), or a delay that failed your tests once did not fail them again with the same seed, or the tests pass only at the edge of the contract: a correct wait leaves room to spare, so the grader also \(Self.marginStretch) (\"passes only when the answer comes within 1.02 s; the contract allows 1 s\")."
        case .tooSlow: "Passing, but the tests took longer than the exercise's budget, or a wait of theirs is as long as the time limit (and so long that a correct version answering later, or a planted bug, ran them past the time limit counts as this, not as a rejection or a miss: the verdict names the wait)."
        case .needs: "This machine cannot run the exercise: \"needs macOS 26 (this Mac has 15.5)\", \"needs Swift 6.2 (this toolchain is 6.1)\", \"needs Xcode (this Mac has only the Command Line Tools)\". It does not count: N/M done leaves it out."
        }
    }

    /// What an attendee does next, README's verdict table's last column.
    public var whatToDo: String {
        switch self {
        case .done: "Next exercise."
        case .notStarted: "Follow its TODO."
        case .doesNotCompile: "Fix it."
        case .failing: "Read the message; `--hint`."
        case .hangs: "Something waits without a timeout."
        case .crashed: "Don't `sync` onto the queue you are on."
        case .missesBugs: "Add the assertion that would fail."
        case .rejectsCorrectCode: "Wait for the event, not for time."
        case .flaky: "Remove the dependence on timing or shared state; leave room past the contract (a timeout of several times its longest delay)."
        case .tooSlow: "Don't wait out a timeout when the work takes milliseconds."
        case .needs: "Update, or go on without it."
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
