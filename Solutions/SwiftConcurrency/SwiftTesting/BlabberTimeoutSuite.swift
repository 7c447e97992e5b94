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
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [TestURLProtocol.self]
            let model = BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))
            model.sleep = { _ in }

            // The real work takes milliseconds here, but each of the four says may take up to half
            // a second before its request leaves (say's contract): two seconds for a correct
            // countdown. Five are generous, cost nothing when it answers, and still fail fast, long
            // before the minute of `.timeLimit`. A thrown `TimeoutError` fails the test with its
            // description.
            let messages = try await TimeoutTask(seconds: 5) {
                async let countdown: Void = model.countdown(to: "Tada!")
                async let said = TestURLProtocol.requests
                    .prefix(4)
                    .compactMap { $0.httpBody }
                    .compactMap { try? JSONDecoder().decode(Message.self, from: $0).message }
                    .reduce(into: [String]()) { $0.append($1) }
                let (messages, _) = try await (said, countdown)
                return messages
            }.value

            #expect(messages == ["3...", "2...", "1...", "🎉 Tada!"])
        }
    }
}
