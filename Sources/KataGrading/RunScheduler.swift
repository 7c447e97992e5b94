import Foundation

/// Runs every exercise's test runs on one pool, two at a time (the machines are 2-core laptops).
///
/// An exercise first runs once against the real module. Only if that passes do its other runs
/// (repeats, wheats, chaffs) follow, and they go ahead of later exercises' first runs, so verdicts
/// come in roughly course order while both cores stay busy.
final class RunScheduler: @unchecked Sendable {
    enum Job: Sendable {
        case repeatRun(Int)
        case variant(Variant)
    }

    /// The verdict of one exercise, once its runs are over.
    final class Ticket: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<(Verdict, Double), any Error>?

        func settle(_ value: Result<(Verdict, Double), any Error>) {
            result = value
            done.signal()
        }

        func wait() throws -> (Verdict, Double) {
            done.wait()
            done.signal()
            return try result!.get()
        }
    }

    private let queue = OperationQueue()

    init(width: Int) {
        queue.maxConcurrentOperationCount = width
    }

    func settled(_ verdict: Verdict) -> Ticket {
        let ticket = Ticket()
        ticket.settle(.success((verdict, 0)))
        return ticket
    }

    func schedule(_ exercise: Catalog.Exercise, jobs: [Job], runner: RelocatingRunner) -> Ticket {
        let ticket = Ticket()
        // The exercise's own time: from its first run, not from when it was queued.
        let start = Locked(Date())
        let outcomes = Locked([Int: TestOutcome]())
        let failure = Locked<(any Error)?>(nil)
        let remaining = Locked(jobs.count)

        @Sendable func finish(_ evidence: Evidence) {
            if let error = failure.value {
                ticket.settle(.failure(error))
            } else {
                ticket.settle(.success((Judge.judge(exercise, evidence: evidence), Date().timeIntervalSince(start.value))))
            }
        }

        queue.addOperation { [queue] in
            start.withLock { $0 = Date() }
            let first: TestOutcome
            do {
                first = try runner.run(exercise, variant: nil, label: "real-1")
            } catch {
                failure.withLock { $0 = error }
                return finish(Evidence(real: []))
            }
            guard first.passed, !jobs.isEmpty else { return finish(Evidence(real: [first])) }

            // In a random order, so that a test cannot learn which run is which from the order.
            for (index, job) in jobs.enumerated().shuffled() {
                let operation = BlockOperation {
                    do {
                        let outcome: TestOutcome
                        switch job {
                        case .repeatRun(let n): outcome = try runner.run(exercise, variant: nil, label: "real-\(n)")
                        case .variant(let v): outcome = try runner.run(exercise, variant: v.key, label: "\(v.kind.rawValue)-\(v.name)")
                        }
                        outcomes.withLock { $0[index] = outcome }
                    } catch {
                        failure.withLock { $0 = error }
                    }
                    let last = remaining.withLock { count -> Bool in
                        count -= 1
                        return count == 0
                    }
                    guard last else { return }
                    var evidence = Evidence(real: [first])
                    for (index, job) in jobs.enumerated() {
                        guard let outcome = outcomes.value[index] else { continue }
                        switch job {
                        case .repeatRun: evidence.real.append(outcome)
                        case .variant(let v) where v.kind == .wheat: evidence.wheats.append((v, outcome))
                        case .variant(let v): evidence.chaffs.append((v, outcome))
                        }
                    }
                    finish(evidence)
                }
                operation.queuePriority = .high
                queue.addOperation(operation)
            }
        }
        return ticket
    }
}
