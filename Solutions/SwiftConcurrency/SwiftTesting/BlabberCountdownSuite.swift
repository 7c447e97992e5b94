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
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [TestURLProtocol.self]
            let model = BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))
            // Recorded, not slept: the test checks the waits without sitting through them.
            let sleeps = Locked<[UInt64]>([])
            model.sleep = { nanoseconds in sleeps.withLock { $0.append(nanoseconds) } }

            // Both start now; the stream keeps every request until the collector reads it.
            async let countdown: Void = model.countdown(to: "Tada!")
            async let said = TestURLProtocol.requests
                .prefix(4)
                .compactMap { $0.httpBody }
                .compactMap { try? JSONDecoder().decode(Message.self, from: $0).message }
                .reduce(into: [String]()) { $0.append($1) }

            let (messages, _) = try await (said, countdown)
            #expect(messages == ["3...", "2...", "1...", "🎉 Tada!"])
            #expect(sleeps.value == Array(repeating: 1_000_000_000, count: 4), "a one-second wait before each message")
        }
    }
}
