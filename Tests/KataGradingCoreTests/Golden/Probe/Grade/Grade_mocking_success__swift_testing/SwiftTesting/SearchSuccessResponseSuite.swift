import Answer
import Testing

// A track as the shadow copy names it: its file's line 48 takes a type error
// (`swiftpm-build-compile-error-*.log`), at the line the 6.2.3 recording has it.
@Suite struct SearchSuccessResponseSuite {
    @Test func answers() { #expect(answer() == "42") }
}







































// golden fault: replaced by the recorder, then put back
