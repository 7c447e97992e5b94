import Foundation
import KataGradingCore

/// Runs every exercise's test runs on one pool, and only schedules: what the runs mean is the
/// judge's business.
///
/// An exercise first runs once against the real module, and its other runs (repeats, wheats,
/// chaffs, generated wheats) start beside it, in random order (so a test cannot tell which run it
/// is in from the order), ahead of later exercises' first runs; the noisy repeat waits until the
/// first passed. Only if the first passes are the others judged: if it does not, they are called
/// off and their processes ended. Starting them beside the first saves an attendee the first run's
/// time in every grade (most runs wait rather than compute). Exercises are started longest first (by
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
    /// A margin seed's wheat that hung is not replayed: tests killed at the time limit while the
    /// code answers past its contract say nothing about their margin (the judge passes it).
    static func asksForAReplay(_ variant: Variant, _ outcome: TestOutcome) -> Bool {
        guard let seed = variant.seed, !outcome.passedCleanly else { return false }
        if Perturbation.isMargin(seed), case .hung = outcome.status { return false }
        return true
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

    let pool: WorkerPool
    /// The CPU stressors beside the noisy repeats of this scheduler's runs.
    let noise = Noise()

    /// `width`: runs at once, the platform's (`TestPlatform.runWidth`).
    init(width: Int) {
        pool = WorkerPool(width: width)
    }

    /// Every work the pool holds keeps its scheduler: when the last is done, the pool's threads
    /// end (`--watch` made a pool's worth of threads at every save, and kept them all).
    deinit {
        pool.finish()
    }

    /// Whether `job` may start beside the exercise's first run: every run but the noisy repeat,
    /// whose stressors would slow the first run itself (a suite that fails only under load must
    /// read as flaky, not failing).
    static func startsBesideTheFirst(_ job: Job) -> Bool {
        if case .repeatRun(_, noisy: true) = job { return false }
        return true
    }

    /// Schedules `exercise`'s runs: the first against the real module, and with it (`beside`) every
    /// job that `startsBesideTheFirst`, the rest once it passed. When the first does not pass, the
    /// runs beside it are called off (`RunCancellation`: their processes end at once) and only the
    /// first is judged, as if they had never started. A run beside the first that went another
    /// route than the first (`ChannelFallback` switched while both ran) is run again.
    func schedule(_ exercise: Catalog.Exercise, jobs: [Job], runner: any SuiteRunner, beside: Bool = true) -> Ticket {
        let early = beside ? Set(jobs.indices.filter { Self.startsBesideTheFirst(jobs[$0]) }) : []
        let scheduled = ScheduledExercise(scheduler: self, exercise: exercise, jobs: jobs, runner: runner, early: early)
        pool.add(priority: .normal) { scheduled.runFirst() }
        return scheduled.ticket
    }

    /// What one job's run gave: its outcome, the replay and the run inside the contract if there were.
    typealias JobRun = (outcome: TestOutcome, replay: TestOutcome?, inside: (variant: Variant, outcome: TestOutcome)?)

    /// `run` of `job` as evidence: a repeat of the real code, or a variant's run with its replay and
    /// its run inside the contract.
    static func add(_ job: Job, _ run: JobRun, to evidence: inout Evidence) {
        switch job {
        case .repeatRun: evidence.real.append(run.outcome)
        case .variant(let v):
            if v.kind == .chaff { evidence.chaffs.append((v, run.outcome)) } else { evidence.wheats.append((v, run.outcome)) }
            if let replay = run.replay { evidence.replays[v.name] = replay }
            if let inside = run.inside { evidence.insideContract[v.name] = inside }
        }
    }

    /// One job's run (a timing wheat that failed run once more, a generated wheat that failed
    /// replayed, a margin seed's that failed also run inside the contract): its outcome, the replay
    /// and the run inside the contract if there were.
    func run(_ job: Job, of exercise: Catalog.Exercise, runner: any SuiteRunner,
             cancellation: RunCancellation?) throws -> JobRun {
        switch job {
        case .repeatRun(let n, let noisy):
            guard noisy else { return (try runner.run(exercise, variant: nil, label: "real-\(n)", cancellation: cancellation), nil, nil) }
            var loaded = try noise.during {
                try runner.run(exercise, variant: nil, label: "real-\(n)", cancellation: cancellation)
            }
            loaded.underNoise = true
            return (loaded, nil, nil)
        case .variant(let v):
            let label = "\(v.kind.rawValue)-\(v.name)"
            let once = try runner.run(exercise, variant: v, label: label, cancellation: cancellation)
            let outcome = Self.asksForASecondRun(v, once)
                ? try runner.run(exercise, variant: v, label: label + "-again", cancellation: cancellation) : once
            guard Self.asksForAReplay(v, once) else { return (outcome, nil, nil) }
            guard let inside = Perturbation.insideContract(v) else {
                return (outcome, try runner.run(exercise, variant: v, label: label + "-replay", cancellation: cancellation), nil)
            }
            // A margin seed's replay and its timing inside the contract answer apart, so they run
            // at once: one after the other, a suite whose wait gives up between the contract and
            // the margin waited out three runs of its longest delays in a row.
            let (replay, insideOutcome) = try Self.together(
                { try runner.run(exercise, variant: v, label: label + "-replay", cancellation: cancellation) },
                { try runner.run(exercise, variant: inside, label: "\(v.kind.rawValue)-\(inside.name)", cancellation: cancellation) })
            return (outcome, replay, (inside, insideOutcome))
        }
    }

    /// `first` and `second` run at once, `second` on a thread of its own (not the pool's: every
    /// worker may be waiting for a run like this one); both results once both are over, or the
    /// first error thrown.
    static func together<A, B: Sendable>(_ first: () throws -> A, _ second: @escaping @Sendable () throws -> B) throws -> (A, B) {
        let other = Locked<Result<B, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = Result { try second() }
            other.withLock { $0 = result }
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        let mine = Result { try first() }
        done.wait()
        return (try mine.get(), try other.value!.get())
    }
}
