// Exercise modern-swift-exit-test: test that a deadlock traps, without losing the test run.
//
// `SyncQueue.dispatch(_:)` runs work on a serial queue and returns when it is done. Calling it from
// inside work that the same queue is running is `sync` onto the queue you are on: the caller
// waits for the queue, the queue waits for the caller. libdispatch detects it and stops the
// process. In `mocking-sync-dispatch`, `SyncQueue.main` from the main thread did exactly that,
// and the crash took every other test of the run down with it.
//
// That trap is worth a test of its own: the mistake must stop the app loudly, not run the work
// inline and out of order. Swift 6.2's exit tests make it testable:
// `#expect(processExitsWith: .failure) { … }` runs the closure in a child process (the test
// binary, launched again) and passes if that process fails: a trap, a signal or a non-zero exit.
// The parent process, and every other test, carry on.
//
// The idea: put code that must crash in an exit test, and expect the crash. The closure runs in
// another process, so it captures nothing: make what it needs inside it.
//
// Availability: exit tests need Swift 6.2's Testing (Xcode 26), and run on macOS, Linux, FreeBSD
// and Windows, not on iOS, tvOS or watchOS. With an older toolchain the grader says "needs Swift 6.2".

import Dispatch
import Foundation
import ModernSwift
import Testing

@Suite struct SyncQueueExitTests {
    @Test func dispatchRunsTheWorkOnItsQueueBeforeReturning() {
        let inbox = SyncQueue(label: "inbox")
        let onInbox = DispatchSpecificKey<Bool>()
        inbox.queue.setSpecific(key: onInbox, value: true)
        let ranOnInbox = Locked<Bool?>(nil)

        inbox.dispatch { ranOnInbox.withLock { $0 = DispatchQueue.getSpecific(key: onInbox) ?? false } }

        // Synchronous: the work has run, on the queue, by the time dispatch returns.
        #expect(ranOnInbox.value == true)
    }

    #if compiler(>=6.2) // Exit tests arrived in Swift 6.2.
    @Test func dispatchFromItsOwnWorkTraps() async {
        // In a child process: the trap ends that process, and this test sees how it ended.
        await #expect(processExitsWith: .failure) {
            let inbox = SyncQueue(label: "inbox")
            inbox.dispatch {
                inbox.dispatch {}
            }
        }
    }
    #endif
}
