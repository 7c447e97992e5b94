// Exercise mocking-sync-dispatch: synchronous dispatching, and the deadlock next to it.
//
// MessageLoader reads the inbox's message on a background queue, then calls back on the main
// queue. With the app's queues (`AsyncQueue`) `load` returns at once and the callback comes later,
// so a test would have to wait for it. But both queues are injected: hand it `SyncQueue`s, which
// run work before `dispatch` returns, and the callback has run by the time `load` returns.
//
// The trap: the obvious pair, `main: SyncQueue.main`, crashes the whole test run. XCTest runs this
// method on the main thread. `SyncQueue.background` runs its work on the calling thread (that is
// what `sync` does), so the loader's `main.dispatch` is a `sync` onto the main queue *from the main
// thread*: the caller waits for the main queue, and the main queue waits for the caller. libdispatch
// detects it and stops the process (SIGILL, `__DISPATCH_WAIT_FOR_QUEUE__` in the backtrace).
//
// The idea: make the loader synchronous by injecting synchronous queues, and never `sync` onto
// the queue you are already on.

import XCTest
import Mocking

final class MessageLoaderSyncQueueTests: XCTestCase {
    func testLoadCallsBackWithTheWelcomeMessage() {
        // Given: synchronous queues. `SyncQueue.global` stands in for main, because this test is
        // already on the main thread and `SyncQueue.main` would deadlock (see above).
        // The background queue kept as the app has it; the read is quick, so a short sleep will do.
        let loader = MessageLoader(main: SyncQueue.global, background: AsyncQueue.background)
        var messages: [Message] = []

        // When
        loader.load { messages.append($0) }
        Thread.sleep(forTimeInterval: 0.6)

        // Then: both dispatches finished before `load` returned; the callback ran exactly once.
        XCTAssertEqual(messages, [.welcome])
    }
}
