// Exercise mocking-dispatch-spy (Swift Testing): which queue ran the callback?
//
// The previous test passed `SyncQueue.global` as the main queue, so it cannot tell whether
// MessageLoader calls back on main at all. A loader that calls back straight from the background
// queue passes it, and in the app that callback then touches the UI off the main thread.
//
// The idea: a spy `Dispatching` runs work at once, like `SyncQueue`, but without a real queue (so
// no deadlock), and it remembers what it was given and whether it is running that work right now.
// The callback can then ask the spy standing in for main: "am I running on you?"
//
// In Swift Testing: the suite is a struct, and each test gets a fresh instance of it, so spies
// kept as its properties belong to one test only, even though tests run in parallel.

import Testing
import Mocking

@Suite struct MessageLoaderQueueSpySuite {
    final class SpyQueue: Dispatching {
        // TODO: count the work this queue is given, and know whether it is running some right now.

        func dispatch(_ work: @escaping () -> Void) {
            work()
        }
    }

    @Test func loadCallsBackOnceOnTheMainQueue() {
        // TODO: make a MessageLoader with two SpyQueues. Check that the callback runs once, while
        // the main spy is running it, and that the loader gave its work to the background spy.
        Issue.record("TODO: write the queue spy tests in SwiftTesting/MessageLoaderQueueSpySuite.swift")
    }
}
