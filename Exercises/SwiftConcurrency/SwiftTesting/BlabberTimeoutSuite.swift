// Exercise swift-concurrency-timeout (Swift Testing), part 2 of 2: TimeoutTask: fail, don't hang.
//
// The countdown test from before has a weak spot: it collects the first four requests, and if the
// countdown ever sends fewer, or `say` never returns, the test waits forever.
//
// Swift Testing has a guard for that, `.timeLimit`, but it counts in whole minutes (one at least):
// it stops a hung run from hanging CI, yet a test that should take milliseconds still sits there
// for a minute before it fails, and on a workshop machine nobody waits that long.
//
// The idea: keep `.timeLimit` as the backstop, and bound the waiting itself with a `TimeoutTask`
// (TimeoutTask.swift, the same one the XCTest track writes: it needs no test framework), so a
// countdown that goes quiet fails the test within seconds, with a message.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import SwiftConcurrencyTestSupport
import Testing

extension TestURLProtocolSuites {
    @Suite @MainActor struct BlabberTimeoutSuite {
        init() {
            TestURLProtocol.reset()
        }

        @Test(.timeLimit(.minutes(1)))
        func countdownSaysAllFourMessagesWithinFiveSeconds() async throws {
            // TODO: Finish TimeoutTask.swift first. Then run the countdown test again (no real
            // sleeping), this time inside `try await TimeoutTask(seconds: 5) { … }.value`, and
            // check the four messages it returns.
            Issue.record("TODO: wrap the countdown test in a TimeoutTask (SwiftTesting/BlabberTimeoutSuite.swift)")
        }
    }
}
