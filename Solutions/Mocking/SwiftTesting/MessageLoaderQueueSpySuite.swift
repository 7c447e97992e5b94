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
    /// Runs work immediately, counting what it was given and knowing when it is running it.
    /// (Nested in the suite, so it does not clash with the XCTest track's `SpyQueue`.)
    final class SpyQueue: Dispatching {
        private(set) var dispatchCount = 0
        /// How many of this queue's work items are running right now (work may dispatch more work).
        private var running = 0
        var isRunningWork: Bool { running > 0 }

        func dispatch(_ work: @escaping () -> Void) {
            dispatchCount += 1
            running += 1
            work()
            running -= 1
        }
    }

    // Each test gets its own instance of the suite, and so its own spies.
    private let main = SpyQueue()
    private let background = SpyQueue()

    @Test func loadCallsBackOnceOnTheMainQueue() {
        let loader = MessageLoader(main: main, background: background)
        // Record where each call ran: [true] is one call, on main.
        var calledOnMain: [Bool] = []

        loader.load { _ in calledOnMain.append(self.main.isRunningWork) }

        #expect(calledOnMain == [true], "expected exactly one callback, run by the main queue")
    }

    @Test func loadDoesItsWorkOnTheBackgroundQueue() {
        let loader = MessageLoader(main: main, background: background)

        loader.load { _ in }

        // Reading on main would block the UI: the loader must hand its work to the background queue.
        #expect(background.dispatchCount == 1)
    }
}
