import XCTest
@testable import KataGradingCore

final class JudgeTests: XCTestCase {
    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "e", "pattern": "p", "title": "t", "files": ["T.swift"], "hint": "h", "timeLimit": 10, "budget": 1}
        """.utf8))
    let pass = TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)
    let fail = TestOutcome(status: .failed(test: "T.t", message: "boom", location: "T.swift:3"), testSeconds: 0.1, testCount: 1)
    func variant(_ name: String, _ kind: Variant.Kind) -> Variant {
        Variant(module: "M", name: name, kind: kind, hint: "Hint of \(name).", hunks: [])
    }

    func test_done_whenEveryChaffIsCaughtAndEveryWheatPasses() {
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [pass, pass], chaffs: [(variant("c", .chaff), fail)], wheats: [(variant("w", .wheat), pass)]))
        XCTAssertEqual(verdict.kind, .done)
        XCTAssertEqual(verdict.chaffsCaught, 1)
        XCTAssertEqual(verdict.chaffsTotal, 1)
    }

    func test_missesBugs_namesTheHintOfEachSurvivor() {
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("a", .chaff), fail), (variant("b", .chaff), pass)]))
        XCTAssertEqual(verdict.kind, .missesBugs)
        XCTAssertTrue(verdict.reason.contains("caught 1 of 2"), verdict.reason)
        XCTAssertEqual(verdict.details, ["- Hint of b."])
        XCTAssertEqual(verdict.missedChaffs, ["b"])
    }

    /// A missed bug's hint is in the words of the framework of the track that missed it.
    func test_missesBugs_givesEachTrackTheHintInItsOwnFrameworksWords() throws {
        var chaff = variant("twice", .chaff)
        chaff.frameworkHints = [.xctest: "Count with expectedFulfillmentCount.", .swiftTesting: "Count with confirmation(expectedCount:)."]
        let twoTracks = try JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
            {"id": "e", "pattern": "p", "title": "t", "files": ["T.swift"], "hint": "h", "framework": "swift-testing",
             "alternate": {"framework": "xctest", "files": ["XCTest/T.swift"]}}
            """.utf8))
        let details = twoTracks.tracks.map { Judge.judge($0, evidence: Evidence(real: [pass], chaffs: [(chaff, pass)])).details }
        XCTAssertEqual(details, [["- Count with confirmation(expectedCount:)."], ["- Count with expectedFulfillmentCount."]])
        // With no hint of its own for a framework, the plain one.
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("b", .chaff), pass)])).details, ["- Hint of b."])
    }

    func test_rejectsCorrectCode_beforeMissesBugs() {
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("a", .chaff), pass)], wheats: [(variant("w", .wheat), fail)]))
        XCTAssertEqual(verdict.kind, .rejectsCorrectCode)
        XCTAssertTrue(verdict.reason.contains("Hint of w."), verdict.reason)
    }

    func test_rejectsCorrectCode_isAdvisedByHowTheCorrectVersionDiffers() {
        for (difference, words) in [(Variant.Difference.timing, "another time"), (.form, "another form"),
                                    (.count, "another number of times"), (.input, "never gives it")] {
            var wheat = variant("w", .wheat)
            wheat.differs = difference
            let verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], wheats: [(wheat, fail)]))
            XCTAssertTrue(verdict.reason.contains("Hint of w."), "the variant's own hint leads: \(verdict.reason)")
            XCTAssertTrue(verdict.next?.contains(words) == true, "\(difference): \(verdict.next ?? "nil")")
        }
        var form = variant("w", .wheat)
        form.differs = .form
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], wheats: [(form, fail)]))
        XCTAssertFalse(verdict.next?.contains("time") == true, "a form of the result has nothing to do with time: \(verdict.next ?? "")")
    }

    func test_testSeconds_areTheRealRunsWhenItRanAndFailed_nilWhenItDidNotRun() {
        let failedFast = TestOutcome(status: .failed(test: "T.t", message: "boom", location: nil), testSeconds: 0.001, testCount: 1)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [failedFast])).seconds, 0.001)
        let hung = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 1)
        XCTAssertNil(Judge.judge(exercise, evidence: Evidence(real: [hung])).seconds)
        XCTAssertNil(Judge.judge(exercise, evidence: Evidence(real: [])).seconds)
    }

    func test_flaky_whenIdenticalRunsDisagree() {
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [pass, fail, pass])).kind, .flaky)
    }

    func test_tooSlow_whenTheMedianRunExceedsTheBudget() {
        let slow = TestOutcome(status: .passed, testSeconds: 3, testCount: 1)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [slow, slow, pass])).kind, .tooSlow)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [slow, pass, pass])).kind, .done)
    }

    func test_tooSlow_notRejectsCorrectCode_whenSlowTestsRunPastTheLimitOnALaterAnsweringCorrectVersion() {
        let slow = TestOutcome(status: .passed, testSeconds: 3, testCount: 1)
        let killed = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 1)
        var later = variant("w", .wheat)
        later.differs = .timing
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [slow, slow, slow], wheats: [(later, killed)]))
        XCTAssertEqual(verdict.kind, .tooSlow, "seen once in ten loaded grades of expectations-count's over-patient fixture")
        XCTAssertTrue(verdict.details.joined().contains("ran past the 10 s limit"), verdict.details.joined())
        // Still a rejection: fast tests killed on it, a failure on it, or a kill on one that differs in form.
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [pass], wheats: [(later, killed)])).kind, .rejectsCorrectCode)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [slow], wheats: [(later, fail)])).kind, .rejectsCorrectCode)
        var form = variant("f", .wheat)
        form.differs = .form
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [slow], wheats: [(form, killed)])).kind, .rejectsCorrectCode)
    }

    func test_tooSlow_notMissesBugs_whenSlowTestsAreKilledAtTheLimitOnAPlantedBug() {
        let slow = TestOutcome(status: .passed, testSeconds: 3, testCount: 1)
        let killed = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 1)
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [slow, slow, slow], chaffs: [(variant("a", .chaff), fail), (variant("b", .chaff), killed)]))
        XCTAssertEqual(verdict.kind, .tooSlow, "seen once in ten loaded grades of busy-assertion-never's over-patient fixture")
        XCTAssertTrue(verdict.details.joined().contains("A planted bug kept these tests running past the 10 s limit"), verdict.details.joined())
        // Still missed: fast tests killed on it, or slow tests that pass it.
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("b", .chaff), killed)])).kind, .missesBugs)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [slow], chaffs: [(variant("b", .chaff), killed), (variant("c", .chaff), slow)])).kind, .missesBugs)
    }

    func test_brokenRealRun_givesFailingHangsOrCrashed() {
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [fail])).kind, .failing)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 0)])).kind, .hangs)
        let deadlock = Judge.judge(exercise, evidence: Evidence(real: [TestOutcome(status: .crashed(signal: 4, test: "T.t", deadlock: true), testSeconds: nil, testCount: 0)]))
        XCTAssertEqual(deadlock.kind, .crashed)
        XCTAssertTrue(deadlock.reason.contains("deadlock"), deadlock.reason)
        XCTAssertEqual(Judge.judge(exercise, evidence: Evidence(real: [TestOutcome(status: .noTests, testSeconds: nil, testCount: 0)])).kind, .failing)
    }

    /// Linux names the deadlock; a Mac may only show a trap inside libdispatch. Both are "crashed",
    /// with the same advice, and neither claims more than it saw.
    func test_aDeadlockAndALibdispatchTrap_teachTheSameLesson() {
        func judged(_ status: TestOutcome.Status) -> Verdict {
            Judge.judge(exercise, evidence: Evidence(real: [TestOutcome(status: status, testSeconds: nil, testCount: 0)]))
        }
        let linux = judged(.crashed(signal: 4, test: "T.t", deadlock: true))
        let mac = judged(.crashed(signal: 5, test: "T.t", deadlock: false, inLibdispatch: true))
        let other = judged(.crashed(signal: 5, test: "T.t", deadlock: false))
        XCTAssertEqual([linux.kind, mac.kind, other.kind], [.crashed, .crashed, .crashed])
        XCTAssertEqual(linux.next, mac.next)
        XCTAssertTrue(mac.reason.hasPrefix("crashed inside libdispatch (SIGTRAP) in T.t"), mac.reason)
        XCTAssertFalse(mac.reason.contains("deadlock"), "a Mac's trap without a named sync is not called a deadlock: \(mac.reason)")
        XCTAssertTrue(mac.reason.contains("SyncQueue.main"), mac.reason)
        XCTAssertNotEqual(other.next, linux.next, "a crash elsewhere gets no dispatch advice")
    }

    /// Linux records an over-fulfil as a failure; a Mac's XCTest raises (read as the same failure by
    /// TestOutputParser). Either way: failing, with advice about the expectation, not about timing.
    func test_anExpectationViolation_givesTheSameVerdictAndAdviceOnBothSystems() {
        func judged(_ message: String) -> Verdict {
            Judge.judge(exercise, evidence: Evidence(real: [TestOutcome(status: .failed(test: "T.t", message: message, location: nil), testSeconds: nil, testCount: 1)]))
        }
        let linux = judged("API violation - multiple calls made to XCTestExpectation.fulfill() for progress.")
        let mac = judged("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'API violation - multiple calls made to -[XCTestExpectation fulfill] for progress.'")
        XCTAssertEqual(linux.kind, .failing)
        XCTAssertEqual(mac.kind, .failing)
        XCTAssertEqual(linux.next, Judge.expectationAdvice)
        XCTAssertEqual(mac.next, linux.next)
        XCTAssertNotEqual(judged("XCTAssertEqual failed").next, Judge.expectationAdvice)
    }

    func test_aChaffCaughtOnlyByHangingIsMissed_andTheLimitIsNamed() {
        let hung = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 0)
        let verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("c", .chaff), hung)]))
        XCTAssertEqual(verdict.kind, .missesBugs)
        XCTAssertTrue(verdict.details[0].contains("killed at the 10 s limit"), verdict.details[0])
        XCTAssertEqual(verdict.missedChaffsThatHung, ["c"])
    }

    /// A correct suite whose own wait is as long as the limit misses a bug only by being killed
    /// there: too slow, naming the wait (the verdict table's rule), not "misses bugs".
    func test_missedOnlyByALongWaitKilledAtTheLimit_isTooSlow_namingTheWait() {
        let killed = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 1)
        var verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("a", .chaff), fail), (variant("b", .chaff), killed)]))
        XCTAssertEqual(verdict.kind, .missesBugs)
        verdict.longWaits = ["T.swift:12 waits 10 s"]
        let slow = Judge.slowedByLongWaits(verdict, exercise: exercise)
        XCTAssertEqual(slow.kind, .tooSlow)
        XCTAssertTrue(slow.reason.contains("T.swift:12 waits 10 s"), slow.reason)
        XCTAssertTrue(slow.next?.contains("Shorten") == true, slow.next ?? "")
        XCTAssertEqual(slow.missedChaffs, [])
    }

    /// A bug the suite passed on is still missed, whatever its waits.
    func test_aBugPassedOn_staysMissed_evenWithALongWait() {
        let killed = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 1)
        var verdict = Judge.judge(exercise, evidence: Evidence(real: [pass], chaffs: [(variant("a", .chaff), pass), (variant("b", .chaff), killed)]))
        verdict.longWaits = ["T.swift:12 waits 10 s"]
        XCTAssertEqual(Judge.slowedByLongWaits(verdict, exercise: exercise).kind, .missesBugs)
        verdict.longWaits = []
        XCTAssertEqual(Judge.slowedByLongWaits(verdict, exercise: exercise).kind, .missesBugs)
    }

    /// A Swift Testing failure about the main thread gets the Linux hint: check the queue, not the thread.
    func test_swiftTestingFailureAboutTheMainThread_getsTheQueueCheckAdvice() throws {
        let onMain = TestOutcome(status: .failed(test: "S.coverArrivesOnMain()", message: "Expectation failed: Thread.isMainThread", location: "S.swift:9"),
                                 testSeconds: 0.1, testCount: 1)
        let swiftTesting = try JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
            {"id": "e", "pattern": "p", "title": "t", "files": ["T.swift"], "hint": "h", "framework": "swift-testing", "timeLimit": 10, "budget": 1}
            """.utf8))
        let verdict = Judge.judge(swiftTesting, evidence: Evidence(real: [onMain]))
        XCTAssertEqual(verdict.kind, .failing)
        let next = try XCTUnwrap(verdict.next)
        XCTAssertTrue(next.contains("dispatchPrecondition(condition: .onQueue(.main))"), next)
        XCTAssertTrue(next.contains("MainActor.assertIsolated()"), next)
        // XCTest runs synchronous tests on the main thread: no such hint there.
        XCTAssertNil(Judge.judge(exercise, evidence: Evidence(real: [onMain])).next)
        XCTAssertNil(Judge.judge(swiftTesting, evidence: Evidence(real: [fail])).next)
    }
}
