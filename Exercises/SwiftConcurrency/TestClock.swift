// Exercise swift-concurrency-clock, part 1 of 2: TestClock.
//
// `Debouncer` waits on a `Clock`. On the real clock a test must wait too, and a test that sleeps
// "a little longer than 300 ms" fails whenever the machine is busy.
//
// The idea: a clock whose time stands still until the test moves it. Code that sleeps on it
// registers a deadline; `advance(by:)` moves time forward and wakes every sleeper that is due.
// No real time passes, and the test can see what the code is waiting for.

import SwiftConcurrency

final class TestClock: Clock {
    struct Instant: InstantProtocol {
        /// Time since the clock was made.
        var offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        /// Tests waiting in `waitForSleepers(count:)`.
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Removes and returns the waiters whose count is now reached.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let ready = waiters.filter { sleepers.count >= $0.count }.map(\.continuation)
            waiters.removeAll { sleepers.count >= $0.count }
            return ready
        }
    }

    private let state = Locked(State())

    var now: Instant {
        state.withLock { $0.now }
    }

    var minimumResolution: Duration {
        .zero
    }

    /// When each pending sleeper is due, as time since the clock was made, soonest first.
    var pendingDeadlines: [Duration] {
        state.withLock { $0.sleepers.map(\.deadline.offset).sorted() }
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, waiters): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) =
                    state.withLock { state in
                        // Checked under the lock: a cancel that came first has already set the flag.
                        if Task.isCancelled { return (.failure(CancellationError()), []) }
                        if deadline <= state.now { return (.success(()), []) }
                        state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        return (nil, state.satisfiedWaiters())
                    }
                if let outcome { continuation.resume(with: outcome) }
                waiters.forEach { $0.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come. A woken sleeper is no
    /// longer pending when this returns, though its task may not have run yet.
    func advance(by duration: Duration) {
        // TODO: Under the lock, move `now` forward and take out every sleeper whose deadline is
        // now or earlier; then, outside the lock, resume their continuations, soonest first.
    }

    /// Returns once at least `count` sleepers are pending: the code under test has reached its
    /// wait, and moving time now means something.
    func waitForSleepers(count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }
}
