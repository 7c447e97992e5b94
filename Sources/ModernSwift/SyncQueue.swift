import Foundation

/// Runs work on a serial queue and waits for it: `dispatch` returns only when the work is done,
/// so the caller can use its result on the next line. An inbox, a cache or a settings store
/// guards its state this way.
///
/// `sync` onto the queue you are already running on can never return: the caller waits for the
/// queue, and the queue waits for the caller. `SyncQueue.main` called from the main thread is the
/// classic case (exercise `mocking-sync-dispatch`); calling `dispatch` from inside work this queue
/// is running is the same mistake. libdispatch detects it and stops the process (SIGILL in
/// `__DISPATCH_WAIT_FOR_QUEUE__` on Linux, "dispatch_sync called on queue already owned by current
/// thread" on macOS). That trap is part of the contract: the mistake must stop the app loudly, not
/// run the work out of order. A test that triggers it in-process kills the whole test run; an exit
/// test runs it in a child process and expects that process to fail.
public final class SyncQueue: Sendable {
    public let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` on the queue, and returns when it is done.
    public func dispatch(_ work: @escaping @Sendable () -> Void) {
        queue.sync(execute: work)
    }
}
