// Blabber's `say(_:)` posts a chat message to the server. The server is not running, and a test
// must not need it: `TestURLProtocol` stands in for it and keeps the request it was sent.
//
// The idea: an `async` test method awaits `say` just as the app does. When `say` returns, the
// request has been sent, so there is nothing to wait for and no expectation to fulfil.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import SwiftConcurrencyTestSupport
import XCTest

@MainActor
final class BlabberSayTests: XCTestCase {
    override func setUp() async throws {
        TestURLProtocol.reset()
    }

    func testSayPostsTheMessageAsJSONToTheChatServer() async throws {
        // A session of our own, routed to the stub: nothing leaves the process.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [TestURLProtocol.self]
        let model = BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))

        // Awaited: when this line is done, so is the request.
        try await model.say("Hello!")

        // Weak: proves that something was sent, not what.
        XCTAssertNotNil(TestURLProtocol.lastRequest)
    }
}
