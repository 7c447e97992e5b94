// Exercise swift-concurrency-say: An async test of say(_:).
//
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
        // TODO: Give a BlabberModel a URLSession whose configuration routes requests to
        // TestURLProtocol (see its doc comment), await say("Hello!"), then check the request in
        // TestURLProtocol.lastRequest: its URL (http://localhost:8080/chat/say), its method, and
        // the user and message in its JSON body.
        XCTFail("TODO: await model.say(…) and check TestURLProtocol.lastRequest (BlabberSayTests.swift)")
    }
}
