// Exercise swift-concurrency-confirmation (XCTest): count the callbacks.
//
// `ChatFeed.listen(onMessage:)` calls you back once for every message the server streams, and
// skips the lines it cannot read. How many times it calls back is the whole point, so that is
// what to test. And when: every callback comes before `listen` returns.
//
// The idea: XCTest's counter is an expectation with `expectedFulfillmentCount` and
// `assertForOverFulfill`. Set the latter yourself: its default differs (Apple's
// `expectation(description:)` turns it on, swift-corelibs-xctest on Linux leaves it off). But an
// expectation *waits*: with a timeout of a second it would gladly take callbacks that come after
// `listen` has returned, which is the bug Swift Testing's `confirmation` catches by counting only
// until its body returns. So await `listen` first, then check the count with a timeout of zero:
// everything must already be there. `XCTWaiter.fulfillment(of:timeout:)` returns how the wait
// ended; assert that it completed. (From a @MainActor test, XCTestCase's own `fulfillment(of:)`
// compiles only from Swift 6.3 on; XCTWaiter's compiles with every Swift 6.)
//
// (Swift Testing's version of this exercise is ChatFeedTests.swift, one folder up. Both compile in
// the same target, which allows neither two files nor two types of the same name, hence "XCTests".)

import Foundation
import SwiftConcurrency
import XCTest

@MainActor
final class ChatFeedXCTests: XCTestCase {
    func testDeliversEveryMessageOnceAndSkipsLinesThatAreNotMessages() async {
        let (lines, server) = AsyncStream.makeStream(of: String.self)
        server.yield(#"{"user":"Ana","message":"Hi!"}"#)
        server.yield("keep-alive")
        server.yield(#"{"user":"Ben","message":"Hello, Ana"}"#)
        server.finish()
        let feed = ChatFeed(lines: lines)
        let received = Locked<[Message]>([])
        let messageArrived = XCTestExpectation(description: "a message arrives")
        messageArrived.expectedFulfillmentCount = 2
        // A third call fails the test (Linux) or stops it (macOS), instead of going unnoticed.
        messageArrived.assertForOverFulfill = true

        await feed.listen { message in
            received.withLock { $0.append(message) }
            messageArrived.fulfill()
        }

        // Timeout zero, where XCTest habit says "a second": the callbacks must have come before
        // `listen` returned. A wait would accept late ones, and confirmation would not.
        let waited = await XCTWaiter.fulfillment(of: [messageArrived], timeout: 0)
        XCTAssertEqual(waited, .completed, "fewer than two messages had arrived when listen returned")
        XCTAssertEqual(received.value.map(\.message), ["Hi!", "Hello, Ana"])
    }
}
