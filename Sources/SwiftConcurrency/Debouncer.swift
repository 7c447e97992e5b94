/// Waits until input has been quiet for `dueTime`, then acts on the latest value: the sign-up
/// form checks an e-mail address once the user stops typing, not after every keystroke.
///
/// The clock is injected. On `ContinuousClock` a 300 ms debounce takes 300 ms to test, and a test
/// that sleeps "a bit longer" than that fails whenever the machine is busy. On a clock the test
/// moves by hand, time passes only when the test says so, and none of it is real.
public final class Debouncer<Value: Sendable>: Sendable {
    private struct State {
        var timer: Task<Void, Never>?
        var latest: Value?
    }

    private let dueTime: Duration
    private let clock: any Clock<Duration>
    private let action: @Sendable (Value) async -> Void
    private let state = Locked(State())

    public init(
        for dueTime: Duration,
        clock: any Clock<Duration> = ContinuousClock(),
        action: @escaping @Sendable (Value) async -> Void
    ) {
        self.dueTime = dueTime
        self.clock = clock
        self.action = action
    }

    /// Records `value` and restarts the wait: `action` runs `dueTime` after the last call.
    public func send(_ value: Value) {
        state.withLock { state in
            state.latest = value
            state.timer?.cancel()
            state.timer = Task { await self.fireAfterDueTime() }
        }
    }

    private func fireAfterDueTime() async {
        do {
            try await clock.sleep(for: dueTime)
        } catch {
            return // cancelled: a newer value restarted the wait
        }
        let value = state.withLock { state in
            defer { state.latest = nil; state.timer = nil }
            return state.latest
        }
        if let value {
            await action(value)
        }
    }
}
