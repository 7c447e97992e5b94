import Foundation
import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// Scheduling and judging with a fake runner: no build, no process.
final class RunSchedulerTests: XCTestCase {
    final class FakeRunner: SuiteRunner, @unchecked Sendable {
        let lock = NSLock()
        var calls: [String] = []
        let outcome: @Sendable (Variant?) -> TestOutcome
        let delay: Double

        init(delay: Double = 0, outcome: @escaping @Sendable (Variant?) -> TestOutcome) {
            self.delay = delay
            self.outcome = outcome
        }

        func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String, cancellation: RunCancellation?) throws -> TestOutcome {
            lock.lock(); calls.append(label); lock.unlock()
            // As a process's wait does: over as soon as it is called off.
            let until = Date().addingTimeInterval(delay)
            while Date() < until, cancellation?.isCalledOff != true { Thread.sleep(forTimeInterval: 0.01) }
            return outcome(variant)
        }
    }

    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "e", "pattern": "p", "title": "t", "files": ["T.swift"], "hint": "h", "timeLimit": 10, "budget": 1}
        """.utf8))
    static let pass = TestOutcome(status: .passed, testSeconds: 0.01, testCount: 1)
    static let fail = TestOutcome(status: .failed(test: "T.t", message: "no", location: nil), testSeconds: 0.01, testCount: 1)
    let chaff = Variant(module: "M", name: "bug", kind: .chaff, hint: "A bug.", hunks: [])
    let wheat = Variant(module: "M", name: "late", kind: .wheat, hint: "answers later", hunks: [])

    func test_aFailingFirstRunStopsTheExerciseThere() throws {
        let runner = FakeRunner { _ in Self.fail }
        let runs = try RunScheduler(width: 2).schedule(exercise, jobs: [.repeatRun(2, noisy: false), .variant(chaff)], runner: runner,
                                                       beside: false).wait()
        XCTAssertEqual(runner.calls, ["real-1"])
        XCTAssertEqual(Judge.judge(exercise, evidence: runs.evidence).kind, .failing)
    }

    /// The other runs start beside the first (all but the noisy repeat, which waits for it), so a
    /// grade does not wait for the first run before the rest; when the first fails they are called
    /// off at once and only the first is judged, as if they had never run.
    func test_runsStartBesideTheFirst_andAreCalledOffWhenItFails() throws {
        let jobs: [RunScheduler.Job] = [.repeatRun(2, noisy: false), .repeatRun(3, noisy: true), .variant(wheat), .variant(chaff)]
        // The first run fails after 0.3 s; the others would take 5 s.
        let slowOthers = FakeRunner(delay: 5) { _ in Self.pass }
        let failingFirst = FakeRunner(delay: 0.3) { _ in Self.fail }
        let runner = Either(first: failingFirst, others: slowOthers)
        let start = Date()
        let runs = try RunScheduler(width: 8).schedule(exercise, jobs: jobs, runner: runner).wait()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "called off, not waited for")
        XCTAssertEqual(Set(slowOthers.calls), ["real-2", "wheat-late", "chaff-bug"], "the noisy repeat waits for the first")
        XCTAssertTrue(runs.evidence.real.count == 1 && runs.evidence.chaffs.isEmpty && runs.evidence.wheats.isEmpty)
        XCTAssertEqual(Judge.judge(exercise, evidence: runs.evidence).kind, .failing)

        // When the first passes, the others were running while it ran, and are judged; the noisy
        // repeat started only after it.
        let others = FakeRunner { variant in variant?.kind == .chaff ? Self.fail : Self.pass }
        let startedBeside = Locked<[String]>([])
        let passingFirst = FakeRunner(delay: 0.5) { _ in
            others.lock.lock(); let calls = others.calls; others.lock.unlock()
            startedBeside.withLock { $0 = calls }
            return Self.pass
        }
        let done = try RunScheduler(width: 8).schedule(exercise, jobs: jobs, runner: Either(first: passingFirst, others: others)).wait()
        XCTAssertEqual(Set(startedBeside.value), ["real-2", "wheat-late", "chaff-bug"])
        XCTAssertEqual(Set(others.calls), ["real-2", "real-3", "wheat-late", "chaff-bug"])
        XCTAssertEqual(Judge.judge(exercise, evidence: done.evidence).kind, .done)
    }

    /// A run beside the first that went another way than the first (the first switched the
    /// framework to `swift test`, `ChannelFallback`, while both ran) is run again the first's way.
    func test_aRunBesideTheFirstThatWentAnotherRouteIsRunAgain() throws {
        let switched = Locked(false)
        let first = FakeRunner(delay: 0.3) { _ in
            switched.withLock { $0 = true }
            var outcome = Self.pass
            outcome.viaSwiftPM = true
            return outcome
        }
        let others = FakeRunner { _ in
            var outcome = Self.fail
            outcome.viaSwiftPM = switched.value ? true : nil
            return outcome
        }
        let runs = try RunScheduler(width: 8).schedule(exercise, jobs: [.variant(chaff)], runner: Either(first: first, others: others)).wait()
        XCTAssertEqual(others.calls, ["chaff-bug", "chaff-bug"])
        XCTAssertEqual(runs.evidence.chaffs.map { $0.outcome.viaSwiftPM }, [true])
    }

    /// A run beside a first run that failed means nothing, even one that could not run at all:
    /// the exercise is judged on its first run, as if the others had never started.
    func test_whatARunBesideAFailedFirstRunThrew_isNotTheExercisesError() throws {
        struct CannotRun: Error {}
        struct Throwing: SuiteRunner {
            func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String, cancellation: RunCancellation?) throws -> TestOutcome {
                throw CannotRun()
            }
        }
        let failingFirst = FakeRunner(delay: 0.2) { _ in Self.fail }
        let runner = Either(first: failingFirst, others: Throwing())
        let runs = try RunScheduler(width: 8).schedule(exercise, jobs: [.variant(chaff)], runner: runner).wait()
        XCTAssertEqual(Judge.judge(exercise, evidence: runs.evidence).kind, .failing)

        let passingFirst = FakeRunner(delay: 0.2) { _ in Self.pass }
        XCTAssertThrowsError(try RunScheduler(width: 8).schedule(exercise, jobs: [.variant(chaff)],
                                                                  runner: Either(first: passingFirst, others: Throwing())).wait())
    }

    /// Runs the first run (`real-1`) with one runner and every other with another.
    struct Either: SuiteRunner {
        let first: FakeRunner
        let others: any SuiteRunner
        func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String, cancellation: RunCancellation?) throws -> TestOutcome {
            try (label == "real-1" ? first : others).run(exercise, variant: variant, label: label, cancellation: cancellation)
        }
    }

    func test_everyJobRuns_andTheJudgeSeesEachRunAsWhatItWas() throws {
        let runner = FakeRunner { variant in variant?.kind == .chaff ? Self.fail : Self.pass }
        let runs = try RunScheduler(width: 2)
            .schedule(exercise, jobs: [.repeatRun(2, noisy: false), .repeatRun(3, noisy: true), .variant(wheat), .variant(chaff)], runner: runner).wait()
        XCTAssertEqual(Set(runner.calls), ["real-1", "real-2", "real-3", "wheat-late", "chaff-bug"])
        XCTAssertEqual(runs.evidence.real.count, 3)
        XCTAssertEqual(runs.evidence.chaffs.map(\.variant.name), ["bug"])
        XCTAssertEqual(runs.evidence.wheats.map(\.variant.name), ["late"])
        let verdict = Judge.judge(exercise, evidence: runs.evidence)
        XCTAssertEqual(verdict.kind, .done)
        XCTAssertEqual(verdict.chaffsCaught, 1)
    }

    /// A correct version answering at another time that a test failed is run once more, and the
    /// second run is judged: a busy machine that once broke an honest deadline does not reject
    /// correct work; a test that fails it twice is rejected. No other run is repeated.
    func test_aTimingWheatThatFailedIsRunOnceMore_andTheSecondRunIsJudged() throws {
        let failedOnce = Locked(false)
        let flaky = FakeRunner { variant in
            guard variant?.kind == .wheat else { return variant == nil ? Self.pass : Self.fail }
            return failedOnce.withLock { seen in defer { seen = true }; return seen ? Self.pass : Self.fail }
        }
        let runs = try RunScheduler(width: 2).schedule(exercise, jobs: [.variant(wheat), .variant(chaff)], runner: flaky).wait()
        XCTAssertEqual(Set(flaky.calls), ["real-1", "wheat-late", "wheat-late-again", "chaff-bug"])
        XCTAssertEqual(Judge.judge(exercise, evidence: runs.evidence).kind, .done)

        let rejecting = FakeRunner { variant in variant == nil ? Self.pass : Self.fail }
        let rejected = try RunScheduler(width: 2).schedule(exercise, jobs: [.variant(wheat)], runner: rejecting).wait()
        XCTAssertEqual(rejecting.calls.count, 3)
        XCTAssertEqual(Judge.judge(exercise, evidence: rejected.evidence).kind, .rejectsCorrectCode)

        var form = wheat
        form.differs = .form
        let once = FakeRunner { variant in variant == nil ? Self.pass : Self.fail }
        _ = try RunScheduler(width: 2).schedule(exercise, jobs: [.variant(form)], runner: once).wait()
        XCTAssertEqual(once.calls.count, 2, "a version that differs in form fails for what it is")
    }

    /// A generated wheat (a seed's delays) that failed is replayed with the same seed: failing
    /// again rejects, passing is flaky. The last of three repeats runs beside CPU stressors.
    func test_aGeneratedWheatThatFailedIsReplayed_andTheLastRepeatIsNoisy() throws {
        var generated = Variant(module: "M", name: "perturbed-41872", kind: .wheat, hint: "the value is handed over 600 ms later",
                                hunks: [], differs: .timing)
        generated.seed = 41872
        XCTAssertEqual(RunScheduler.jobs(for: exercise, variants: [], repeats: 3).map { job -> Bool in
            if case .repeatRun(_, let noisy) = job { return noisy } else { return false }
        }, [false, true])
        let jobs = RunScheduler.jobs(for: exercise, variants: [], repeats: 1, generated: [generated])
        XCTAssertEqual(jobs.count, 1)

        let rejecting = FakeRunner { variant in variant == nil ? Self.pass : Self.fail }
        let rejected = try RunScheduler(width: 2).schedule(exercise, jobs: jobs, runner: rejecting).wait()
        XCTAssertEqual(Set(rejecting.calls), ["real-1", "wheat-perturbed-41872", "wheat-perturbed-41872-replay"])
        let verdict = Judge.judge(exercise, evidence: rejected.evidence)
        XCTAssertEqual(verdict.kind, .rejectsCorrectCode)
        XCTAssertEqual(verdict.perturbationSeed, 41872)

        let failedOnce = Locked(false)
        let once = FakeRunner { variant in
            guard variant != nil else { return Self.pass }
            return failedOnce.withLock { seen in defer { seen = true }; return seen ? Self.pass : Self.fail }
        }
        let flaky = try RunScheduler(width: 2).schedule(exercise, jobs: jobs, runner: once).wait()
        XCTAssertEqual(Judge.judge(exercise, evidence: flaky.evidence).kind, .flaky)

        let passing = FakeRunner { _ in Self.pass }
        _ = try RunScheduler(width: 2).schedule(exercise, jobs: jobs, runner: passing).wait()
        XCTAssertEqual(passing.calls.count, 2, "a seed that passes is not replayed")
    }

    /// A margin seed's wheat that failed is replayed and run inside the contract at once: each
    /// waits until the other has started (or 5 s), so run one after the other they would not meet.
    func test_aFailedMarginSeedsReplayAndItsRunInsideTheContractRunAtOnce() throws {
        var margin = Variant(module: "M", name: "perturbed-\(41872 | Perturbation.marginBit)", kind: .wheat,
                             hint: "the value is handed over 625 ms later", hunks: [], differs: .timing)
        margin.seed = 41872 | Perturbation.marginBit
        let started = Locked(Set<String>())
        let met = Locked(Set<String>())
        // Every run of the margin seed and inside the contract fails: both are asked for.
        let runner = FakeRunner { variant in variant == nil ? Self.pass : Self.fail }
        let meeting = MeetingRunner(inner: runner, started: started, met: met)
        let runs = try RunScheduler(width: 2).schedule(exercise, jobs: [.variant(margin)], runner: meeting).wait()
        XCTAssertEqual(Set(runner.calls), ["real-1", "wheat-\(margin.name)", "wheat-\(margin.name)-replay", "wheat-perturbed-41872"])
        XCTAssertEqual(met.value, ["wheat-\(margin.name)-replay", "wheat-perturbed-41872"], "the replay and the run inside the contract took turns")
        XCTAssertNotNil(runs.evidence.replays[margin.name])
        XCTAssertEqual(runs.evidence.insideContract[margin.name]?.variant.name, "perturbed-41872")
    }

    /// Lets `inner` run, but first makes the replay and the run inside the contract each wait (up to
    /// 5 s) for the other to start: `met` names those that saw the other one start.
    struct MeetingRunner: SuiteRunner {
        let inner: FakeRunner
        let started: Locked<Set<String>>
        let met: Locked<Set<String>>

        func run(_ exercise: Catalog.Exercise, variant: Variant?, label: String, cancellation: RunCancellation?) throws -> TestOutcome {
            let pair = ["wheat-perturbed-\(41872 | Perturbation.marginBit)-replay", "wheat-perturbed-41872"]
            if pair.contains(label) {
                started.withLock { _ = $0.insert(label) }
                let deadline = Date().addingTimeInterval(5)
                while started.value.count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                if started.value.count == 2 { met.withLock { _ = $0.insert(label) } }
            }
            return try inner.run(exercise, variant: variant, label: label, cancellation: cancellation)
        }
    }

    func test_aChaffThePassingSuiteLetsThroughIsMissed() throws {
        let runner = FakeRunner { _ in Self.pass }
        let runs = try RunScheduler(width: 2).schedule(exercise, jobs: [.variant(chaff)], runner: runner).wait()
        XCTAssertEqual(Judge.judge(exercise, evidence: runs.evidence).missedChaffs, ["bug"])
    }

    func test_runsThatOnlyWaitShareThePoolRatherThanTakingTurns() throws {
        let runner = FakeRunner(delay: 0.3) { _ in Self.pass }
        let start = Date()
        let scheduler = RunScheduler(width: 8)
        let tickets = (0..<8).map { _ in scheduler.schedule(exercise, jobs: [], runner: runner) }
        for ticket in tickets { _ = try ticket.wait() }
        // Eight waits of 0.3 s side by side, not one after another (2.4 s).
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.2)
    }

    /// A grade's pool of threads ends with its runs: `--watch` grades at every save, and kept every
    /// grade's threads (8 more per save on two cores, 16 on a ten-core Mac).
    func test_thePoolsThreadsEndOnceItsSchedulersRunsAreDone() throws {
        let runner = FakeRunner(delay: 0.05) { _ in Self.pass }
        weak var pool: WorkerPool?
        do {
            let scheduler = RunScheduler(width: 4)
            pool = scheduler.pool
            let ticket = scheduler.schedule(exercise, jobs: [.repeatRun(2, noisy: false), .variant(chaff)], runner: runner)
            _ = try ticket.wait()
        }
        // Each thread holds its pool until it ends; the last closure can still be letting go.
        let deadline = Date().addingTimeInterval(5)
        while pool != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertNil(pool, "the pool's threads still run")
    }

    /// Work queued before `finish` still runs; only then do the threads end.
    func test_aFinishingPoolRunsWhatIsQueuedFirst() {
        let ran = Locked(0)
        let done = DispatchSemaphore(value: 0)
        weak var weakPool: WorkerPool?
        do {
            let pool = WorkerPool(width: 1)
            weakPool = pool
            for _ in 0..<5 {
                pool.add(priority: .normal) {
                    Thread.sleep(forTimeInterval: 0.01)
                    ran.withLock { $0 += 1 }
                    done.signal()
                }
            }
            pool.finish()
        }
        for _ in 0..<5 { XCTAssertEqual(done.wait(timeout: .now() + 5), .success) }
        XCTAssertEqual(ran.value, 5)
        let deadline = Date().addingTimeInterval(5)
        while weakPool != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertNil(weakPool, "the pool's thread still runs")
    }
}
