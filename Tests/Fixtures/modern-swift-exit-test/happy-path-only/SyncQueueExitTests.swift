// Weak suite: tests only that dispatch runs the work on its queue, synchronously. Nothing says
// what happens when dispatch is called from its own work, so a queue that runs it inline passes.

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
        #expect(ranOnInbox.value == true)
    }
}
