// Bounds the countdown by a second and a half, "six times the slowest correct countdown the grader
// showed" (60 ms per message, 240 ms in all). A countdown whose says each take up to half a
// second, as say allows, takes two: rejected.
// The countdown test from before has a weak spot: it collects the first four requests, and if the
// countdown ever sends fewer, or `say` never returns, the test waits forever. On a workshop
// machine or in CI, "forever" means somebody kills the run and nobody learns which test hung.
//
// The idea: wrap the waiting in a `TimeoutTask`, so a countdown that goes quiet fails the test
// within seconds, with a message, and the next test still runs.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import SwiftConcurrencyTestSupport
import XCTest

@MainActor
final class BlabberTimeoutTests: XCTestCase {
    override func setUp() async throws {
        TestURLProtocol.reset()
    }

    func testCountdownSaysAllFourMessagesWithinFiveSeconds() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [TestURLProtocol.self]
        let model = BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))
        model.sleep = { _ in }

        // The slowest correct countdown seen took 240 ms: 1.5 s is generous and fails faster.
        let messages = try await TimeoutTask(seconds: 1.5) {
            async let countdown: Void = model.countdown(to: "Tada!")
            async let said = TestURLProtocol.requests
                .prefix(4)
                .compactMap { $0.httpBody }
                .compactMap { try? JSONDecoder().decode(Message.self, from: $0).message }
                .reduce(into: [String]()) { $0.append($1) }
            let (messages, _) = try await (said, countdown)
            return messages
        }.value

        XCTAssertEqual(messages, ["3...", "2...", "1...", "🎉 Tada!"])
    }
}
