import Dispatch

/// Runs only the last of a quick succession of actions, once `delay` has passed without another.
///
/// The search field calls it on every keystroke, so typing "Simon" searches once, not five times.
/// Call it from one queue only (the main queue, in this app).
public final class Debouncer {
    public let delay: DispatchTimeInterval
    private let queue: DispatchQueue
    private var pending: DispatchWorkItem?

    public init(delay: DispatchTimeInterval, queue: DispatchQueue = .main) {
        self.delay = delay
        self.queue = queue
    }

    /// Schedules `action` on the queue after `delay`, and cancels the action still waiting.
    public func call(_ action: @escaping () -> Void) {
        pending?.cancel()
        let item = DispatchWorkItem(block: action)
        pending = item
        queue.asyncAfter(deadline: .now() + delay, execute: item)
    }
}
