import Foundation
import KataGradingCore

/// One exercise's runs as `RunScheduler.schedule` starts them: the first against the real module,
/// each job beside it (`early`) or once it passed, and the evidence settled on `ticket` when the
/// last is over. The pool's threads share it: each part of its state is behind a lock of its own.
final class ScheduledExercise: Sendable {
    typealias Job = RunScheduler.Job
    /// Kept by every work of it the pool holds (`RunScheduler`'s deinit ends the pool's threads).
    let scheduler: RunScheduler
    let exercise: Catalog.Exercise
    let jobs: [Job]
    let runner: any SuiteRunner
    /// The jobs that start beside the first run (`RunScheduler.startsBesideTheFirst`).
    let early: Set<Int>
    let ticket = RunScheduler.Ticket()
    /// The exercise's own time: from its first run, not from when it was queued.
    private let start = Locked(Date())
    private let runs = Locked([Int: RunScheduler.JobRun]())
    private let failure = Locked<(any Error)?>(nil)
    private let firstFailure = Locked<(any Error)?>(nil)
    private let first = Locked<TestOutcome?>(nil)
    /// The first run and every job not over yet.
    private let remaining: Locked<Int>
    private let calledOff = RunCancellation()

    init(scheduler: RunScheduler, exercise: Catalog.Exercise, jobs: [Job], runner: any SuiteRunner, early: Set<Int>) {
        self.scheduler = scheduler
        self.exercise = exercise
        self.jobs = jobs
        self.runner = runner
        self.early = early
        remaining = Locked(jobs.count + 1)
    }

    /// The first run, with the early jobs started beside it and the others after it, if it passed;
    /// if it did not, the early ones are called off.
    func runFirst() {
        start.withLock { $0 = Date() }
        // In random order, so a test cannot tell which run it is in from the order.
        for index in early.shuffled() { add(index) }
        let outcome: TestOutcome
        do {
            outcome = try runner.run(exercise, variant: nil, label: "real-1", cancellation: nil)
        } catch {
            calledOff.callOff()
            firstFailure.withLock { $0 = error }
            first.withLock { $0 = TestOutcome(status: .noTests, testSeconds: nil, testCount: 0) }
            // Every job not started beside the first counts as done.
            remaining.withLock { $0 -= jobs.count - early.count }
            return oneDone()
        }
        first.withLock { $0 = outcome }
        if outcome.passedCleanly {
            for index in jobs.indices.filter({ !early.contains($0) }).shuffled() { add(index) }
        } else {
            calledOff.callOff()
            remaining.withLock { $0 -= jobs.count - early.count }
        }
        oneDone()
    }

    private func add(_ index: Int) {
        scheduler.pool.add(priority: .high) { [self] in
            defer { oneDone() }
            // Called off before it started: the first run failed.
            guard !calledOff.isCalledOff else { return }
            do {
                let done = try scheduler.run(jobs[index], of: exercise, runner: runner, cancellation: early.contains(index) ? calledOff : nil)
                runs.withLock { $0[index] = done }
            } catch {
                // What a run called off threw (stopped, say) means nothing either.
                if !calledOff.isCalledOff { failure.withLock { $0 = error } }
            }
        }
    }

    private func oneDone() {
        let last = remaining.withLock { count -> Bool in
            count -= 1
            return count == 0
        }
        if last { settle() }
    }

    private func settle() {
        // Set before the first run's own `oneDone`, so always there by now.
        guard let first = first.value else { return }
        // What a run beside a first run that failed threw means no more than its outcome would.
        if let error = firstFailure.value ?? (first.passedCleanly ? failure.value : nil) {
            return ticket.settle(.failure(error))
        }
        var evidence = Evidence(real: [first])
        if first.passedCleanly {
            for (index, job) in jobs.enumerated() {
                guard var done = runs.value[index] else { continue }
                // A run beside the first that went another route than it (`ChannelFallback`
                // switched while both ran) is run again.
                if early.contains(index), done.outcome.viaSwiftPM != first.viaSwiftPM {
                    do {
                        done = try scheduler.run(job, of: exercise, runner: runner, cancellation: nil)
                    } catch {
                        return ticket.settle(.failure(error))
                    }
                }
                RunScheduler.add(job, done, to: &evidence)
            }
        }
        ticket.settle(.success(ExerciseRuns(evidence: evidence, seconds: Date().timeIntervalSince(start.value))))
    }
}
