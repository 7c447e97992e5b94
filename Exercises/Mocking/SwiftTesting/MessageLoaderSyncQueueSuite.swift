// Exercise mocking-sync-dispatch (Swift Testing): synchronous dispatching, and the deadlock next
// to it.
//
// MessageLoader reads the inbox's message on a background queue, then calls back on the main
// queue. With the app's queues (`AsyncQueue`) `load` returns at once and the callback comes later,
// so a test would have to wait for it. But both queues are injected: hand it `SyncQueue`s, which
// run work before `dispatch` returns, and the callback has run by the time `load` returns.
//
// The trap: the obvious pair, `main: SyncQueue.main`, crashes the whole test run. This test is
// `@MainActor`, as a test of UI-bound code should be: Swift Testing then runs it on the main queue
// (on Linux from a worker thread, so `Thread.isMainThread` is false, but the queue is the same).
// `SyncQueue.background` runs its work on the calling thread (that is what `sync` does), so the
// loader's `main.dispatch` is a `sync` onto the main queue *from the main queue*: the caller waits
// for the queue, and the queue waits for the caller. libdispatch stops the process (SIGILL,
// `__DISPATCH_WAIT_FOR_QUEUE__`). Holding the main queue also means that nothing else runs on it
// while the test does: a callback posted there with `DispatchQueue.main.async` cannot sneak in
// before the assertion. Without `@MainActor` the test would race the main queue.
//
// The idea: make the loader synchronous by injecting synchronous queues, and never `sync` onto
// the queue you are already on.

import Testing
import Mocking

@Suite struct MessageLoaderSyncQueueSuite {
    @Test @MainActor func loadCallsBackWithTheWelcomeMessage() {
        // TODO: make a MessageLoader with SyncQueues (which one can stand in for main?), load, and
        // check right after `load` returns that the callback got `Message.welcome`, once.
        Issue.record("TODO: write the SyncQueue test in SwiftTesting/MessageLoaderSyncQueueSuite.swift")
    }
}
