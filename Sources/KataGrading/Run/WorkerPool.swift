import Foundation

/// A fixed number of threads of its own that take work, high priority first.
///
/// Not an `OperationQueue`: on Linux its work runs on Dispatch's pool, which keeps about one thread
/// per core busy and does not add threads while they wait in `waitpid`, so runs that only sleep
/// would still take a core each.
///
/// `@unchecked Sendable`: the queues are read and written only while holding `condition`.
final class WorkerPool: @unchecked Sendable {
    enum Priority { case normal, high }

    private let condition = NSCondition()
    private var high: [@Sendable () -> Void] = []
    private var normal: [@Sendable () -> Void] = []

    /// Set by `finish`: the threads end once nothing is queued.
    private var finishing = false

    init(width: Int) {
        for _ in 0..<max(1, width) {
            let thread = Thread { [self] in
                while let work = next() { work() }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Lets the threads end once the work queued so far is done, so that a process that grades
    /// again and again (`--watch`) does not keep every grade's threads. Called when nothing can add
    /// work any more (`RunScheduler`'s `deinit`).
    func finish() {
        condition.lock()
        finishing = true
        condition.broadcast()
        condition.unlock()
    }

    func add(priority: Priority, _ work: @escaping @Sendable () -> Void) {
        condition.lock()
        if priority == .high { high.append(work) } else { normal.append(work) }
        condition.signal()
        condition.unlock()
    }

    /// The next work, or nil once the pool is finishing and nothing is queued.
    private func next() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while high.isEmpty && normal.isEmpty {
            if finishing { return nil }
            condition.wait()
        }
        return high.isEmpty ? normal.removeFirst() : high.removeFirst()
    }
}
