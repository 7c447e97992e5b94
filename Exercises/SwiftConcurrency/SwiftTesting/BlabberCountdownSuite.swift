// Exercise swift-concurrency-countdown (Swift Testing): a four-second countdown in milliseconds.
//
// `countdown(to:)` says "3...", "2...", "1..." and then "🎉 " + the message, one second apart:
// four seconds of real time, and four requests that the test must see in order.
//
// The idea: `async let` starts the countdown and, at the same time, collects what it posts from
// `TestURLProtocol.requests`, an `AsyncStream` the stub feeds. The injected `sleep` records each
// wait instead of waiting, so four seconds take a few milliseconds.
//
// In Swift Testing: a fresh recording in `init`, and the suite nested in the `.serialized`
// `TestURLProtocolSuites`: the stream is one for the whole process, and a parallel test that
// reset it would end it under this one.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import SwiftConcurrencyTestSupport
import Testing

extension TestURLProtocolSuites {
    @Suite @MainActor struct BlabberCountdownSuite {
        init() {
            TestURLProtocol.reset()
        }

        @Test func countdownSaysThreeTwoOneThenTheMessageOneSecondApart() async throws {
            // TODO: Route a BlabberModel's session to TestURLProtocol and replace model.sleep with a
            // closure that records how long it was asked to sleep (a Locked<[UInt64]> will do) and
            // returns at once. Then, with `async let`, start countdown(to: "Tada!") and collect the
            // first four requests from TestURLProtocol.requests; await both, and check the messages
            // in their JSON bodies and the recorded sleeps.
            Issue.record("TODO: run the countdown with async let and collect its requests (SwiftTesting/BlabberCountdownSuite.swift)")
        }
    }
}
