// Weak suite: calls the re-entrant dispatch right in the test, not in an exit test. On the real
// code libdispatch traps, and the whole test process dies with it.

import Dispatch
import Foundation
import ModernSwift
import Testing

@Suite struct SyncQueueExitTests {
    @Test func dispatchFromItsOwnWorkTraps() {
        let inbox = SyncQueue(label: "inbox")
        inbox.dispatch {
            inbox.dispatch {}
        }
        Issue.record("dispatch from its own work returned")
    }
}
