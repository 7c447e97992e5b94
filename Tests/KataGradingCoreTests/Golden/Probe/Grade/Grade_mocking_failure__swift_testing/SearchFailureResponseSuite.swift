import Answer
import Testing

// A track whose test, once planted, calls a symbol nothing defines: the link of the test product
// fails (`swiftpm-build-link-error-*.log`).
@Suite struct SearchFailureResponseSuite {
    @Test func answers() { #expect(answer() != "41") }
}































// golden fault: replaced by the recorder, then put back
