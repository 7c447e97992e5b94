// Weak: the clock moves, but the test never waits for the debouncer, never looks at what it is
// waiting for, and never checks what it did.

import SwiftConcurrency
import Testing

@Suite struct DebouncerTests {
    @Test func actsOnceOnTheLastValueAfterThreeHundredMillisecondsOfQuiet() async throws {
        let clock = TestClock()
        let debouncer = Debouncer<String>(for: .milliseconds(300), clock: clock) { _ in }

        debouncer.send("ana")
        clock.advance(by: .milliseconds(200))
        debouncer.send("ana@")
        clock.advance(by: .milliseconds(300))
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(500)))
    }
}
