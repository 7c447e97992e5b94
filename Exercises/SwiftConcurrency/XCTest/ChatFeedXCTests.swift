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
        // TODO: Make the server's lines with AsyncStream.makeStream(of: String.self): two JSON
        // messages ({"user":…,"message":…}) with a line that is not a message between them, then
        // finish the stream. Fulfil an XCTestExpectation (expectedFulfillmentCount = 2,
        // assertForOverFulfill = true) in listen's callback, await feed.listen, then assert that
        // `await XCTWaiter.fulfillment(of:timeout: 0)` is `.completed`. Check which messages came, too.
        XCTFail("TODO: count listen's callbacks with an expectation (XCTest/ChatFeedXCTests.swift)")
    }
}
