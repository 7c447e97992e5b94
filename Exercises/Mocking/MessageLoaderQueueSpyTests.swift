// Exercise mocking-dispatch-spy: which queue ran the callback?
//
// The previous test passed `SyncQueue.global` as the main queue, so it cannot tell whether
// MessageLoader calls back on main at all. A loader that calls back straight from the background
// queue passes it, and in the app that callback then touches the UI off the main thread.
//
// The idea: a spy `Dispatching` runs work at once, like `SyncQueue`, but without a real queue (so
// no deadlock), and it remembers what it was given and whether it is running that work right now.
// The callback can then ask the spy standing in for main: "am I running on you?"

import XCTest
import Mocking

final class SpyQueue: Dispatching {
    // TODO: count the work this queue is given, and know whether it is running some right now.

    func dispatch(_ work: @escaping () -> Void) {
        work()
    }
}

final class MessageLoaderQueueSpyTests: XCTestCase {
    func testLoadCallsBackOnceOnTheMainQueue() {
        // TODO: make a MessageLoader with two SpyQueues. Check that the callback runs once, while
        // the main spy is running it, and that the loader gave its work to the background spy.
        XCTFail("TODO: write the queue spy tests in MessageLoaderQueueSpyTests.swift")
    }
}
