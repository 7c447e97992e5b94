// Starts say in a Task and sleeps 350 ms, "well above the slowest say seen on CI": passes the say
// that sends 200 ms late, fails one whose request leaves half a second late, as say allows.
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

        // Fire and forget, then wait: the slowest say seen on CI took 200 ms, so 350 ms.
        Task { try await model.say("Hello!") }
        try await Task.sleep(for: .milliseconds(350))

        let request = try XCTUnwrap(TestURLProtocol.lastRequest, "say(_:) returned without sending anything")
        XCTAssertEqual(request.url?.absoluteString, "http://localhost:8080/chat/say")
        XCTAssertEqual(request.httpMethod, "POST")
        // Decoded, not compared as text: key order and spacing are the encoder's business (on
        // Linux, JSONEncoder's key order even changes from one run to the next).
        let body = try XCTUnwrap(request.httpBody, "on Linux a POST body arrives as httpBody")
        XCTAssertEqual(try JSONDecoder().decode(Message.self, from: body), Message(user: "Ana", message: "Hello!"))
    }
}
