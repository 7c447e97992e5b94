import Foundation
import KataGradingCore

/// Something that runs one exercise's tests once, against the real module or a variant.
/// `TestRunner` runs the shadow build's test binary; the kata's own tests use a fake.
protocol SuiteRunner: Sendable {
    func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String) throws -> TestOutcome
}

/// Every run one exercise made, for the judge: the first run against the real module, then (only
/// if that passed) the repeats and each variant's run.
struct ExerciseRuns: Sendable {
    var first: TestOutcome
    var repeats: [TestOutcome] = []
    var variants: [(variant: Variant, outcome: TestOutcome)] = []
    /// Wall-clock seconds from the exercise's first run to its last.
    var seconds: Double = 0

    /// Which log is which run, for maintainers: written only after every run of the exercise is
    /// over, so that no test can read which runs were variants.
    var index: String {
        let labelled = [("real-1", first)] + repeats.enumerated().map { ("real-\($0.offset + 2)", $0.element) }
            + variants.map { ("\($0.variant.kind.rawValue)-\($0.variant.name)", $0.outcome) }
        return labelled.map { "\($0.0)\t\($0.1.log ?? "-")\n" }.joined()
    }

    var evidence: Evidence {
        Evidence(real: [first] + repeats,
                 chaffs: variants.filter { $0.variant.kind == .chaff },
                 wheats: variants.filter { $0.variant.kind == .wheat })
    }
}

/// Runs every exercise's test runs on one pool, and only schedules: what the runs mean is the
/// judge's business.
///
/// An exercise first runs once against the real module. Only if that passes do its other runs
/// (repeats, wheats, chaffs) follow, in random order (so a test cannot tell which run it is in from
/// the order), and ahead of later exercises' first runs. Exercises are started longest first (by
/// their last grade's time), so a slow one is not left to run alone at the end.
///
/// The pool is wider than the machine has cores: most runs spend their time waiting for a timeout
/// or a delayed answer, not computing.
final class RunScheduler: @unchecked Sendable {
    enum Job: Sendable {
        case repeatRun(Int)
        case variant(Variant)
    }

    /// The runs of one exercise, once they are over.
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
    }

    /// Runs at once: a few per core, since most runs wait rather than compute.
    /// Measured on 2 cores: 2 at once took 26 s for a full grade of the solutions, 4 took 15 s,
    /// 8 took 7–8 s with the CPU still half idle; beyond that, no gain.
    static var defaultWidth: Int { max(4, 4 * ProcessInfo.processInfo.activeProcessorCount) }

    private let pool: WorkerPool

    init(width: Int = RunScheduler.defaultWidth) {
        pool = WorkerPool(width: width)
    }

    func schedule(_ exercise: Catalog.Exercise, jobs: [Job], runner: any SuiteRunner) -> Ticket {
        let ticket = Ticket()
        // The exercise's own time: from its first run, not from when it was queued.
        let start = Locked(Date())
        let outcomes = Locked([Int: TestOutcome]())
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
            guard first.passed, !jobs.isEmpty else { return finish(ExerciseRuns(first: first)) }

            for (index, job) in jobs.enumerated().shuffled() {
                pool.add(priority: .high) {
                    do {
                        let outcome: TestOutcome
                        switch job {
                        case .repeatRun(let n): outcome = try runner.run(exercise, variant: nil, label: "real-\(n)")
                        case .variant(let v): outcome = try runner.run(exercise, variant: v, label: "\(v.kind.rawValue)-\(v.name)")
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
                        case .variant(let v): runs.variants.append((v, outcome))
                        }
                    }
                    finish(runs)
                }
            }
        }
        return ticket
    }
}

/// How long each exercise's runs took in the last grade, so the next grade starts the slow ones
/// first. Kept under `.build/kata/`; a missing or damaged file only costs the ordering.
struct RunTimings {
    static func url(_ paths: KataPaths) -> URL { paths.state.appendingPathComponent("timings.json") }

    static func load(_ paths: KataPaths) -> [String: Double] {
        guard let data = try? Data(contentsOf: url(paths)),
              let timings = try? JSONDecoder().decode([String: Double].self, from: data) else { return [:] }
        return timings
    }

    static func record(_ results: [ExerciseResult], source: TestSource, _ paths: KataPaths) {
        var timings = load(paths)
        for result in results where result.seconds > 0 {
            timings["\(source.shadowName)/\(result.exercise.key)"] = (result.seconds * 100).rounded() / 100
        }
        try? JSONEncoder().encode(timings).write(to: url(paths), options: .atomic)
    }
}

/// A fixed number of threads of its own that take work, high priority first.
///
/// Not an `OperationQueue`: on Linux its work runs on Dispatch's pool, which keeps about one thread
/// per core busy and does not add threads while they wait in `waitpid`, so runs that only sleep
/// would still take a core each.
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
