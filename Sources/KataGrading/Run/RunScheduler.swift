import Foundation
import KataGradingCore

/// Runs every exercise's test runs on one pool, and only schedules: what the runs mean is the
/// judge's business.
///
/// An exercise first runs once against the real module. Only if that passes do its other runs
/// (repeats, wheats, chaffs) follow, in random order (so a test cannot tell which run it is in from
/// the order), and ahead of later exercises' first runs. Exercises are started longest first (by
/// their last grade's time), so a slow one is not left to run alone at the end.
///
/// The pool is wider than the machine has cores: most runs spend their time waiting for a timeout
/// or a delayed answer, not computing (`TestPlatform.runWidth` says how wide).
final class RunScheduler: Sendable {
    enum Job: Sendable {
        /// A repeat of the real module's run, the n-th; `noisy`: with CPU stressors beside it (`Noise`).
        case repeatRun(Int, noisy: Bool)
        case variant(Variant)
    }

    /// The runs after the first: repeats of the real module, then each wheat (the catalog's unless
    /// `handWheats` is false, then the `generated` ones) and chaff.
    static func jobs(for exercise: Catalog.Exercise, variants: [Variant], repeats: Int, generated: [Variant] = [],
                     handWheats: Bool = true) -> [Job] {
        let module = exercise.module
        let find = { (name: String, kind: Variant.Kind) in
            variants.first { $0.module == module && $0.name == name && $0.kind == kind }!
        }
        // The last of three or more repeats runs beside CPU stressors: a suite that holds only on
        // an idle machine disagrees with itself there.
        let repeatRuns: [Job] = repeats > 1 ? (2...repeats).map { .repeatRun($0, noisy: repeats >= 3 && $0 == repeats) } : []
        let wheats = (handWheats ? exercise.wheats.map { find($0, .wheat) } : []) + generated
        return repeatRuns + wheats.map { .variant($0) } + exercise.chaffs.map { .variant(find($0, .chaff)) }
    }

    /// A generated wheat (`Perturbation`) that did not pass is run again with the same seed: the
    /// judge reads both, a failure the seed reproduces as a rejection, one it does not as flakiness.
    static func asksForAReplay(_ variant: Variant, _ outcome: TestOutcome) -> Bool {
        variant.seed != nil && !outcome.passedCleanly
    }

    /// A correct version that differs only in timing, which a test failed (not hung on, not
    /// crashed in): it is run once more, and the second run is the one judged. A machine too busy to
    /// keep a test's honest deadline (a 1 s wait for 0.24 s of work, under full load) must not make
    /// correct work "rejects correct code"; a test that rejects that version fails it again.
    static func asksForASecondRun(_ variant: Variant, _ outcome: TestOutcome) -> Bool {
        guard variant.kind == .wheat, variant.seed == nil, variant.difference == .timing, case .failed = outcome.status else { return false }
        return true
    }

    /// The runs of one exercise, once they are over.
    ///
    /// `@unchecked Sendable`: `result` is written once, before `done` is signalled, and read only
    /// after waiting on `done`.
    final class Ticket: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<ExerciseRuns, any Error>?

        func settle(_ value: Result<ExerciseRuns, any Error>) {
            result = value
            done.signal()
        }

        func wait() throws -> ExerciseRuns {
            done.wait()
            done.signal()
            return try result!.get()
        }

        /// Whether the runs are over within `seconds` from now.
        func isSettled(within seconds: Double) -> Bool {
            guard done.wait(timeout: .now() + seconds) == .success else { return false }
            done.signal()
            return true
        }
    }

    private let pool: WorkerPool

    /// `width`: runs at once, the platform's (`TestPlatform.runWidth`).
    init(width: Int) {
        pool = WorkerPool(width: width)
    }

    func schedule(_ exercise: Catalog.Exercise, jobs: [Job], runner: any SuiteRunner) -> Ticket {
        let ticket = Ticket()
        // The exercise's own time: from its first run, not from when it was queued.
        let start = Locked(Date())
        let outcomes = Locked([Int: TestOutcome]())
        let replays = Locked([Int: TestOutcome]())
        let failure = Locked<(any Error)?>(nil)
        let remaining = Locked(jobs.count)

        @Sendable func finish(_ runs: ExerciseRuns) {
            if let error = failure.value {
                ticket.settle(.failure(error))
            } else {
                var runs = runs
                runs.seconds = Date().timeIntervalSince(start.value)
                ticket.settle(.success(runs))
            }
        }

        pool.add(priority: .normal) { [pool] in
            start.withLock { $0 = Date() }
            let first: TestOutcome
            do {
                first = try runner.run(exercise, variant: nil, label: "real-1")
            } catch {
                failure.withLock { $0 = error }
                return finish(ExerciseRuns(first: TestOutcome(status: .noTests, testSeconds: nil, testCount: 0)))
            }
            guard first.passedCleanly, !jobs.isEmpty else { return finish(ExerciseRuns(first: first)) }

            for (index, job) in jobs.enumerated().shuffled() {
                pool.add(priority: .high) {
                    do {
                        let outcome: TestOutcome
                        switch job {
                        case .repeatRun(let n, let noisy):
                            if noisy {
                                var loaded = try Noise.shared.during { try runner.run(exercise, variant: nil, label: "real-\(n)") }
                                loaded.underNoise = true
                                outcome = loaded
                            } else {
                                outcome = try runner.run(exercise, variant: nil, label: "real-\(n)")
                            }
                        case .variant(let v):
                            let once = try runner.run(exercise, variant: v, label: "\(v.kind.rawValue)-\(v.name)")
                            outcome = Self.asksForASecondRun(v, once)
                                ? try runner.run(exercise, variant: v, label: "\(v.kind.rawValue)-\(v.name)-again") : once
                            if Self.asksForAReplay(v, once) {
                                let replay = try runner.run(exercise, variant: v, label: "\(v.kind.rawValue)-\(v.name)-replay")
                                replays.withLock { $0[index] = replay }
                            }
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
                    var runs = ExerciseRuns(first: first)
                    for (index, job) in jobs.enumerated() {
                        guard let outcome = outcomes.value[index] else { continue }
                        switch job {
                        case .repeatRun: runs.repeats.append(outcome)
                        case .variant(let v):
                            runs.variants.append((v, outcome))
                            if let replay = replays.value[index] { runs.replays[v.name] = replay }
                        }
                    }
                    finish(runs)
                }
            }
        }
        return ticket
    }
}
