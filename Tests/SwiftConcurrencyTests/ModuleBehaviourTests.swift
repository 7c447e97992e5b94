import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwiftConcurrency
import XCTest

/// Answers 200 and remembers every request, for the module's own tests.
private final class RecordingURLProtocol: URLProtocol {
    static let requests = Locked<[URLRequest]>([])

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        Self.requests.withLock { $0.append(request) }
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data())
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

@MainActor
final class SwiftConcurrencyModuleTests: XCTestCase {
    private func makeModel() -> BlabberModel {
        RecordingURLProtocol.requests.withLock { $0 = [] }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [RecordingURLProtocol.self]
        return BlabberModel(username: "Ana", urlSession: URLSession(configuration: configuration))
    }

    private func sentMessages() throws -> [Message] {
        try RecordingURLProtocol.requests.value.map { try JSONDecoder().decode(Message.self, from: $0.httpBody ?? Data()) }
    }

    func testSayPostsJSON() async throws {
        let model = makeModel()
        try await model.say("Hi")
        let request = try XCTUnwrap(RecordingURLProtocol.requests.value.first)
        XCTAssertEqual(request.url, BlabberModel.sayURL)
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual(try sentMessages(), [Message(user: "Ana", message: "Hi")])
    }

    func testSayingNothingSendsNothing() async throws {
        let model = makeModel()
        try await model.say("")
        XCTAssertTrue(RecordingURLProtocol.requests.value.isEmpty)
    }

    func testCountdownSleepsASecondBeforeEachOfItsFourMessages() async throws {
        let model = makeModel()
        let sleeps = Locked<[UInt64]>([])
        model.sleep = { nanoseconds in sleeps.withLock { $0.append(nanoseconds) } }
        try await model.countdown(to: "Go")
        XCTAssertEqual(try sentMessages().map(\.message), ["3...", "2...", "1...", "🎉 Go"])
        XCTAssertEqual(sleeps.value, Array(repeating: 1_000_000_000, count: 4))
    }

    func testTaskRunnerRunsTheOperation() async {
        let ran = expectation(description: "operation ran")
        TaskRunner().run { ran.fulfill() }
        let waited = await XCTWaiter.fulfillment(of: [ran], timeout: 5)
        XCTAssertEqual(waited, .completed)
    }

    func testSignUpViewModelWithTheDefaultRunnerEventuallyShowsTheAnswer() async {
        struct Free: EmailAvailabilityChecking {
            let answered: XCTestExpectation
            func isAvailable(_ email: String) async -> Bool { answered.fulfill(); return true }
        }
        let answered = expectation(description: "checked")
        let viewModel = SignUpViewModel(checker: Free(answered: answered))
        viewModel.email = "ana@example.com"
        let waited = await XCTWaiter.fulfillment(of: [answered], timeout: 5)
        XCTAssertEqual(waited, .completed)
        // The answer reaches the main actor after the check; yield until it has.
        while viewModel.isCheckingEmail { await Task.yield() }
        XCTAssertEqual(viewModel.isEmailAvailable, true)
    }

    func testChatFeedSkipsLinesItCannotRead() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield(#"{"user":"Ben","message":"Yo"}"#)
        server.yield("junk")
        server.finish()
        let received = Locked<[Message]>([])
        await ChatFeed(lines: lines).listen { message in received.withLock { $0.append(message) } }
        XCTAssertEqual(received.value, [Message(user: "Ben", message: "Yo")])
    }

    func testDebouncerOnTheRealClockActsOnceWithTheLastValue() async {
        let acted = expectation(description: "acted")
        let values = Locked<[Int]>([])
        let debouncer = Debouncer<Int>(for: .milliseconds(20)) { value in
            values.withLock { $0.append(value) }
            acted.fulfill()
        }
        debouncer.send(1)
        debouncer.send(2)
        let waited = await XCTWaiter.fulfillment(of: [acted], timeout: 5)
        XCTAssertEqual(waited, .completed)
        XCTAssertEqual(values.value, [2])
    }
}
