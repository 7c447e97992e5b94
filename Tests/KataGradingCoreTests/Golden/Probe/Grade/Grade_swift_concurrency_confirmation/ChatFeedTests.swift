import Answer
import Testing

// A track where, once planted, a suite's `init` takes an argument: the error is inside `@Test`'s
// expansion, and only a note names this file (`swiftpm-build-macro-expansion-*.log`), at the line
// the 6.2.3 recording has it.
@Suite struct ChatFeedTests {
    @Test func answers() async { #expect(answer() == "42") }
}










































// golden fault: replaced by the recorder, then put back
