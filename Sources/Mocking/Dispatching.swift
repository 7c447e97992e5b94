import Foundation

/// Something that runs work on a queue.
///
/// Code that calls `DispatchQueue.global().async` and `DispatchQueue.main.async` itself finishes
/// after the test that called it, so the test has to wait and guess how long. Behind this protocol
/// the app passes queues that run work later (`AsyncQueue`), and a test passes queues that run it
/// before `dispatch` returns (`SyncQueue`).
public protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// Holds the `DispatchQueue` that `AsyncQueue` and `SyncQueue` hand work to.
public class Dispatcher {
    public let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }
}

/// Runs work later, on its queue: what the app uses.
public final class AsyncQueue: Dispatcher, Dispatching {
    public static let main = AsyncQueue(queue: .main)
    public static let global = AsyncQueue(queue: .global())
    public static let background = AsyncQueue(queue: .global(qos: .background))

    public func dispatch(_ work: @escaping () -> Void) {
        queue.async { work() }
    }
}

/// Runs work on its queue and waits for it: `dispatch` returns only when the work is done, so a
/// test can assert on the very next line.
///
/// Careful with `SyncQueue.main`. `sync` onto the queue you are already running on never returns:
/// the caller waits for the queue, and the queue waits for the caller. XCTest runs test methods on
/// the main thread, so `SyncQueue.main.dispatch` called from a test (directly or through other
/// sync dispatches, which run on the calling thread) deadlocks. libdispatch notices and kills the
/// whole test process: on Linux with SIGILL in `__DISPATCH_WAIT_FOR_QUEUE__`, on macOS with
/// "dispatch_sync called on queue already owned by current thread".
public final class SyncQueue: Dispatcher, Dispatching {
    public static let main = SyncQueue(queue: .main)
    public static let global = SyncQueue(queue: .global())
    public static let background = SyncQueue(queue: .global(qos: .background))

    public func dispatch(_ work: @escaping () -> Void) {
        queue.sync(execute: work)
    }
}
