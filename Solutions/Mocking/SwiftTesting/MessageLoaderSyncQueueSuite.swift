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
        // Given: synchronous queues. `SyncQueue.global` stands in for main, because this test is
        // already on the main queue and `SyncQueue.main` would deadlock (see above).
        let loader = MessageLoader(main: SyncQueue.global, background: SyncQueue.background)
        var messages: [Message] = []

        // When
        loader.load { messages.append($0) }

        // Then: both dispatches finished before `load` returned; the callback ran exactly once.
        #expect(messages == [.welcome])
    }
}
