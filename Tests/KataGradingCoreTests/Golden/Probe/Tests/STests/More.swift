// Swift Testing's event stream (`swift-testing-*.jsonl`): one test of each kind its reader meets.
// The late check lands while `waitsLongEnough` runs (the run is serial).
import Testing

@Suite(.serialized) struct Late {
    @Test func checkRunsAfterReturn() { Task { try await Task.sleep(for: .milliseconds(100)); #expect(Bool(false), "late check") } }

    /// Long enough for the check above to land inside the run, not after it.
    @Test func waitsLongEnough() async throws { try await Task.sleep(for: .milliseconds(500)) }
}
@Suite struct Skips {
    @Test(.disabled("not today")) func disabled() {}
    @Test(.enabled(if: Bool("false")!)) func conditional() {}
}
@Test(arguments: [1, 2, 3]) func parameterized(n: Int) { #expect(n != 2) }
@Test func known() { withKnownIssue { #expect(Bool(false)) } }
@Test func recordsWarning() { Issue.record("a warning", severity: .warning) }
