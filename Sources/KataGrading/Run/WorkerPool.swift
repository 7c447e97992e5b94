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

    init(width: Int) {
        for _ in 0..<max(1, width) {
            let thread = Thread { [self] in
                while true { next()() }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func add(priority: Priority, _ work: @escaping @Sendable () -> Void) {
        condition.lock()
        if priority == .high { high.append(work) } else { normal.append(work) }
        condition.signal()
        condition.unlock()
    }

    private func next() -> @Sendable () -> Void {
        condition.lock()
        defer { condition.unlock() }
        while high.isEmpty && normal.isEmpty { condition.wait() }
        return high.isEmpty ? normal.removeFirst() : high.removeFirst()
    }
}
