// Exercise swift-concurrency-say (Swift Testing): an async test of say(_:).
//
// Blabber's `say(_:)` posts a chat message to the server. The server is not running, and a test
// must not need it: `TestURLProtocol` stands in for it and keeps the request it was sent.
//
// The idea: an `async` test awaits `say` just as the app does. When `say` returns, the request has
// been sent, so there is nothing to wait for and no confirmation to count.
//
// In Swift Testing the suite's `init` does what `setUp` did (a fresh `TestURLProtocol` recording),
// and the suite sits inside `TestURLProtocolSuites` (TestURLProtocolSuites.swift), because tests run
// in parallel and the stub's recording is shared: read why there.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import SwiftConcurrencyTestSupport
import Testing

extension TestURLProtocolSuites {
    @Suite @MainActor struct BlabberSaySuite {
        init() {
            TestURLProtocol.reset()
        }

        @Test func sayPostsTheMessageAsJSONToTheChatServer() async throws {
            // A session of our own, routed to the stub: nothing leaves the process.
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [TestURLProtocol.self]
            let model = BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))

            // Awaited: when this line is done, so is the request.
            try await model.say("Hello!")

            let request = try #require(TestURLProtocol.lastRequest, "say(_:) returned without sending anything")
            #expect(request.url?.absoluteString == "http://localhost:8080/chat/say")
            #expect(request.httpMethod == "POST")
            // Decoded, not compared as text: key order and spacing are the encoder's business (on
            // Linux, JSONEncoder's key order even changes from one run to the next).
            let body = try #require(request.httpBody, "on Linux a POST body arrives as httpBody")
            #expect(try JSONDecoder().decode(Message.self, from: body) == Message(user: "Ana", message: "Hello!"))
        }
    }
}
