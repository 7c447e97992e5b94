// `countdown(to:)` says "3...", "2...", "1..." and then "🎉 " + the message, one second apart:
// four seconds of real time, and four requests that the test must see in order.
//
// The idea: `async let` starts the countdown and, at the same time, collects what it posts from
// `TestURLProtocol.requests`, an `AsyncStream` the stub feeds. The injected `sleep` records each
// wait instead of waiting, so four seconds take a few milliseconds.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import SwiftConcurrencyTestSupport
import XCTest

@MainActor
final class BlabberCountdownTests: XCTestCase {
    override func setUp() async throws {
        TestURLProtocol.reset()
    }

    func testCountdownSaysThreeTwoOneThenTheMessageOneSecondApart() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [TestURLProtocol.self]
        let model = BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))
        // Recorded, not slept: the test checks the waits without sitting through them.
        let sleeps = Locked<[UInt64]>([])
        model.sleep = { nanoseconds in sleeps.withLock { $0.append(nanoseconds) } }

        let requests = TestURLProtocol.requests
        // Fire and forget, then give it "enough" time and read whatever has arrived.
        Task { try await model.countdown(to: "Tada!") }
        try await Task.sleep(nanoseconds: 100_000_000)
        TestURLProtocol.reset() // ends the stream, so collecting what has arrived returns
        var messages: [String] = []
        for await request in requests {
            if let body = request.httpBody, let message = try? JSONDecoder().decode(Message.self, from: body) {
                messages.append(message.message)
            }
        }
        XCTAssertEqual(messages, ["3...", "2...", "1...", "🎉 Tada!"])
        XCTAssertEqual(sleeps.value, Array(repeating: 1_000_000_000, count: 4), "a one-second wait before each message")
    }
}
