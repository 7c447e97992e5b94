import XCTest
@testable import KataGradingCore

final class PerturbationTests: XCTestCase {
    let pointText = """
        # the answer may come late
        contract: hands its value over on its queue, at any time up to 1 s after it is asked
        words: the value is handed over {ms} ms later
        range: 0...1000
        file: AsyncOperation.swift
        @@
        -        queue.async {
        +        queue.asyncAfter(deadline: .now() + .milliseconds(KATA_MS)) {
        """

    func exercise(perturbs: [String]) -> Catalog.Exercise {
        let list = perturbs.map { "\"\($0)\"" }.joined(separator: ", ")
        var exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
            {"id": "e", "pattern": "p", "title": "t", "files": ["T.swift"], "hint": "h", "perturbs": [\(list)]}
            """.utf8))
        exercise.module = "M"
        return exercise
    }

    func point(_ name: String, _ range: String = "0...1000", words: String? = nil) throws -> PerturbationPoint {
        let text = pointText.replacingOccurrences(of: "range: 0...1000", with: "range: \(range)")
            .replacingOccurrences(of: "the value is handed over {ms} ms later", with: words ?? "\(name) comes {ms} ms later")
        return try PerturbationPoint.parse(text, module: "M", name: name, source: "\(name).point")
    }

    func test_parse_readsContractWordsRangeAndHunk() throws {
        let parsed = try PerturbationPoint.parse(pointText, module: "M", name: "answer-later", source: "a.point")
        XCTAssertEqual(parsed.contract, "hands its value over on its queue, at any time up to 1 s after it is asked")
        XCTAssertEqual(parsed.words(300), "the value is handed over 300 ms later")
        XCTAssertEqual(parsed.range, 0...1000)
        XCTAssertEqual(parsed.hunks.count, 1)
    }

    func test_parse_refusesAPointWithoutItsContract() {
        for (key, line) in [("contract", "contract: hands its value over on its queue, at any time up to 1 s after it is asked"),
                            ("words", "words: the value is handed over {ms} ms later"), ("range", "range: 0...1000")] {
            XCTAssertThrowsError(try PerturbationPoint.parse(pointText.replacingOccurrences(of: line + "\n", with: ""), module: "M", name: "a", source: "a.point")) {
                XCTAssertTrue("\($0)".contains("`\(key):` line is missing"), "\($0)")
            }
        }
        for range in ["1000...0", "0...5000", "0..1000", "a...b"] {
            XCTAssertThrowsError(try point("a", range), range)
        }
        XCTAssertThrowsError(try point("a", words: "the value comes later"))
        XCTAssertThrowsError(try PerturbationPoint.parse(pointText.replacingOccurrences(of: "KATA_MS", with: "300"), module: "M", name: "a", source: "a.point"))
    }

    func test_aTimingWheatSaysWhichPointItIsWithin() throws {
        let wheat = try Variant.parse("""
            hint: Hands over its value 300 ms later.
            differs: timing
            within: answer-later 300
            file: AsyncOperation.swift
            @@
            -        queue.async {
            +        queue.asyncAfter(deadline: .now() + .milliseconds(300)) {
            """, module: "M", name: "answers-later", kind: .wheat, source: "w.wheat")
        XCTAssertEqual(wheat.within?.point, "answer-later")
        XCTAssertEqual(wheat.within?.milliseconds, 300)
    }

    func test_aSeedPicksLowHighOrTheMiddle_theSameEveryTime() {
        var seen = Set<Int>()
        for seed in UInt32(1)...200 {
            let delay = Perturbation.delay(seed: seed, point: 1, range: 100...900)
            XCTAssertEqual(delay, Perturbation.delay(seed: seed, point: 1, range: 100...900))
            XCTAssertTrue([100, 500, 900].contains(delay))
            seen.insert(delay)
        }
        XCTAssertEqual(seen, [100, 500, 900])
    }

    /// The run hook computes the same delay in C (`RunHookSource`): SipHash-2-4 of "delay" under
    /// the key (seed, point). Pinned here, so that a change on one side shows.
    func test_theDelayIsSipHashOfDelayUnderSeedAndPoint() {
        for (seed, point) in [(UInt32(17), Int32(1)), (41872, 2), (0x7F_FFFF, 3)] {
            let hash = ChannelKey(k0: UInt64(seed), k1: UInt64(point)).mac(Array("delay".utf8))
            let expected = [1000, 1000, 0, 500][Int(hash % 4)]
            XCTAssertEqual(Perturbation.delay(seed: seed, point: point, range: 0...1000), expected)
            // The top bit asks for the margin: the same pick, HIGH stretched to a quarter again.
            XCTAssertEqual(Perturbation.delay(seed: seed | Perturbation.marginBit, point: point, range: 0...1000), expected == 1000 ? 1250 : expected)
        }
        XCTAssertTrue(RunHookSource.source.contains(#"kata_siphash((uint64_t)seed, (uint64_t)(uint32_t)point, (const unsigned char *)"delay", 5)"#))
        XCTAssertTrue(RunHookSource.source.contains("int margin = (seed & 0x800000) != 0;"))
        XCTAssertTrue(RunHookSource.source.contains("seed &= 0x7fffff;"))
        XCTAssertTrue(RunHookSource.source.contains("case 0: case 1: return margin ? high + high / 4 : high;"))
    }

    func test_draw_givesAllLateThenEachPointAloneLate() throws {
        let points = [try point("albums", "0...800"), try point("playlists", "100...600")]
        var generator = SystemRandomNumberGenerator()
        let seeds = Perturbation.draw(for: exercise(perturbs: ["albums", "playlists"]), points: points, using: &generator)
        XCTAssertEqual(seeds.count, 3)
        let numbered = Perturbation.numbered(points, module: "M")
        let delays = seeds.map { seed in numbered.map { Perturbation.delay(seed: seed, point: $0.number, range: $0.point.range) } }
        // The first is the margin seed: every point at a quarter again its HIGH.
        XCTAssertTrue(Perturbation.isMargin(seeds[0]))
        XCTAssertEqual(delays[0], [1000, 750])
        XCTAssertEqual(Set(delays.dropFirst()), [[800, 100], [0, 600]])
        XCTAssertEqual(Perturbation.words(exercise(perturbs: ["albums", "playlists"]), seed: seeds[0], points: points),
                       "albums comes 1000 ms later and playlists comes 750 ms later")
        let wheat = Perturbation.wheat(exercise(perturbs: ["albums", "playlists"]), seed: seeds[0], points: points)
        let inside = try XCTUnwrap(Perturbation.insideContract(wheat))
        XCTAssertEqual(inside.seed, Perturbation.withinContract(seeds[0]))
        XCTAssertEqual(inside.hint, "albums comes 800 ms later and playlists comes 600 ms later")
        XCTAssertEqual(inside.hint, Perturbation.words(exercise(perturbs: ["albums", "playlists"]), seed: inside.seed!, points: points))
    }

    /// A point whose code ships slower than its LOW (a 150 ms back-off where 0 is allowed) is also
    /// drawn at LOW: a suite that assumes the code is at least that slow is caught.
    func test_draw_aPointThatShipsAboveLowIsAlsoDrawnAtLow() throws {
        let text = pointText.replacingOccurrences(of: "-        queue.async {", with: "-        queue.asyncAfter(deadline: .now() + .milliseconds(150)) {")
        let slow = try PerturbationPoint.parse(text, module: "M", name: "back-off", source: "b.point")
        XCTAssertEqual(slow.shipped, 150)
        XCTAssertEqual(try point("answer-later").shipped, 0)
        var generator = SystemRandomNumberGenerator()
        let seeds = Perturbation.draw(for: exercise(perturbs: ["back-off"]), points: [slow], using: &generator)
        XCTAssertEqual(seeds.map { Perturbation.delay(seed: $0, point: 1, range: 0...1000) }, [1250, 0])
        XCTAssertEqual(Perturbation.draw(for: exercise(perturbs: ["answer-later"]), points: [try point("answer-later")], using: &generator).count, 1)
    }

    func test_draw_perturbsOnlyThePointsTheExerciseReaches() throws {
        let points = [try point("albums"), try point("playlists")]
        var generator = SystemRandomNumberGenerator()
        let seeds = Perturbation.draw(for: exercise(perturbs: ["playlists"]), points: points, using: &generator)
        XCTAssertEqual(seeds.count, 1)
        XCTAssertEqual(Perturbation.words(exercise(perturbs: ["playlists"]), seed: seeds[0], points: points), "playlists comes 1250 ms later")
        XCTAssertEqual(Perturbation.draw(for: exercise(perturbs: []), points: points, using: &generator), [])
    }

    func test_theTemplateAsksTheHookAndTheWordCarriesTheSeed() throws {
        let points = [try point("answer-later")]
        let template = try XCTUnwrap(Perturbation.template(module: "M", points: points))
        XCTAssertTrue(template.hunks[0].replacement.contains("Int(_kataShadowDelay(1, 0, 1000))"), template.hunks[0].replacement)
        let wheat = Perturbation.wheat(exercise(perturbs: ["answer-later"]), seed: 41872, points: points)
        XCTAssertEqual(Schemata.word(of: wheat, among: [template]), Int32(41872 << 8 | 255))
        XCTAssertEqual(Schemata.word(of: nil, among: [template]), 0)
        XCTAssertEqual(Perturbation.seed(named: wheat.name), 41872)
        XCTAssertNil(Perturbation.seed(named: "answers-later"))
        XCTAssertNil(GraderOnlyNames.firstReference(in: "let x = 1") )
        XCTAssertNotNil(GraderOnlyNames.firstReference(in: template.hunks[0].replacement))
    }

    /// An exercise's runs delay its own points and no other: each set of points an exercise
    /// perturbs has a template of its own, numbered down from 255.
    func test_eachSetOfPointsHasItsTemplate_andAWheatRunsItsExercises() throws {
        let points = [try point("albums"), try point("playlists")]
        let both = exercise(perturbs: ["playlists", "albums"]), one = exercise(perturbs: ["albums"])
        let templates = Perturbation.templates(module: "M", points: points, exercises: [both, one, exercise(perturbs: [])])
        XCTAssertEqual(templates.map(\.name), ["~points:albums", "~points:albums+playlists"])
        XCTAssertEqual(templates.map(\.hunks.count), [1, 2])
        XCTAssertTrue(templates[0].hunks[0].replacement.contains("_kataShadowDelay(1, "), "albums is point 1 of the module")
        let wheat = Perturbation.wheat(both, seed: 7, points: points)
        XCTAssertEqual(Schemata.number(of: wheat, among: templates), 254)
        XCTAssertEqual(Schemata.number(of: Perturbation.wheat(one, seed: 7, points: points), among: templates), 255)
        let chaff = Variant(module: "M", name: "bug", kind: .chaff, hint: "h", hunks: [])
        XCTAssertEqual(Schemata.number(of: chaff, among: templates + [chaff]), 1)
    }

    func test_judge_aFailureTheSeedReproducesRejects_oneItDoesNotIsFlaky() throws {
        let pass = TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)
        let fail = TestOutcome(status: .failed(test: "T.t", message: "late", location: "T.swift:3"), testSeconds: 0.1, testCount: 1)
        let points = [try point("answer-later", words: "the value is handed over {ms} ms later")]
        let track = exercise(perturbs: ["answer-later"])
        let wheat = Perturbation.wheat(track, seed: 41872, points: points)
        let rejected = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(wheat, fail)], replays: [wheat.name: fail]))
        XCTAssertEqual(rejected.kind, .rejectsCorrectCode)
        XCTAssertTrue(rejected.reason.contains("your tests fail when \(wheat.hint)."), rejected.reason)
        // The replay names the track, as "Grade it again" does; the contract is quoted.
        XCTAssertTrue(rejected.details.contains { $0.contains("Scripts/grade.sh e@xctest --seed 41872") }, "\(rejected.details)")
        XCTAssertTrue(rejected.details.contains("- The contract: it hands its value over on its queue, at any time up to 1 s after it is asked."), "\(rejected.details)")
        XCTAssertEqual(rejected.perturbationSeed, 41872)
        let flaky = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(wheat, fail)], replays: [wheat.name: pass]))
        XCTAssertEqual(flaky.kind, .flaky)
        XCTAssertEqual(flaky.perturbationSeed, 41872)
        // A written wheat leads; the seed that fails the suite too is still given to replay.
        let written = Variant(module: "M", name: "later", kind: .wheat, hint: "answers later.", hunks: [], differs: .timing)
        let both = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(written, fail), (wheat, fail)], replays: [wheat.name: fail]))
        XCTAssertEqual(both.kind, .rejectsCorrectCode)
        XCTAssertTrue(both.reason.contains("Answers later."), both.reason)
        XCTAssertTrue(both.details.contains { $0.contains("--seed 41872") }, "\(both.details)")
        XCTAssertEqual(both.perturbationSeed, 41872)
        let chaff = Variant(module: "M", name: "c", kind: .chaff, hint: "Hint.", hunks: [])
        let done = Judge.judge(track, evidence: Evidence(real: [pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)]))
        XCTAssertEqual(done.kind, .done)
        XCTAssertTrue(done.reason.contains("1 perturbed timing"), done.reason)
    }

    /// The margin rule: a suite that fails when a hand-off takes a quarter again its contract's longest
    /// delay, twice, and passes the same timing inside the contract, has no room to spare (flaky,
    /// in the contract's words); failing inside the contract too rejects correct code; a margin run
    /// killed at the time limit counts for nothing.
    func test_judge_theMargin() throws {
        let pass = TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)
        let timedOut = TestOutcome(status: .failed(test: "T.t", message: "Asynchronous wait failed - Exceeded timeout of 1.02 seconds, with unfulfilled expectations: x", location: "T.swift:3"), testSeconds: 1.1, testCount: 1)
        let asserted = TestOutcome(status: .failed(test: "T.t", message: "XCTAssertEqual failed", location: "T.swift:3"), testSeconds: 0.1, testCount: 1)
        let hung = TestOutcome(status: .hung(test: "T.t", after: 10), testSeconds: nil, testCount: 1)
        let points = [try point("answer-later", words: "the value is handed over {ms} ms later")]
        let track = exercise(perturbs: ["answer-later"])
        let margin = Perturbation.wheat(track, seed: 41872 | Perturbation.marginBit, points: points)
        let inside = try XCTUnwrap(Perturbation.insideContract(margin))
        XCTAssertEqual(margin.hint, "the value is handed over 1250 ms later")
        XCTAssertEqual(inside.hint, "the value is handed over 1000 ms later")

        let edge = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(margin, timedOut)], replays: [margin.name: timedOut],
                                                        insideContract: [margin.name: (inside, pass)]))
        XCTAssertEqual(edge.kind, .flaky)
        XCTAssertTrue(edge.reason.hasPrefix("passes only when the answer comes within 1.02 s; the contract allows 1 s, and a busy machine adds more"), edge.reason)
        XCTAssertTrue(edge.next?.contains("for example a timeout of 5 s") == true, edge.next ?? "")
        XCTAssertEqual(edge.cause, .noRoom)
        // Issue 44, Words: the rejection quotes the point's contract sentence (it teaches the rule),
        // and its replay names the track as "Grade it again" does.
        XCTAssertTrue(edge.details.contains("- The contract: it hands its value over on its queue, at any time up to 1 s after it is asked."), "\(edge.details)")
        XCTAssertTrue(edge.details.contains { $0.contains("Scripts/grade.sh e@xctest --seed \(41872 | Perturbation.marginBit)") }, "\(edge.details)")

        let rejected = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(margin, asserted)], replays: [margin.name: asserted],
                                                            insideContract: [margin.name: (inside, asserted)]))
        XCTAssertEqual(rejected.kind, .rejectsCorrectCode)
        XCTAssertTrue(rejected.reason.contains("handed over 1000 ms later"), rejected.reason)
        XCTAssertEqual(rejected.perturbationSeed, 41872)
        XCTAssertTrue(rejected.next?.contains("wait for the result itself") == true, rejected.next ?? "")

        // A deadline that ran out inside the contract is told so, not "wait for the result".
        let short = TestOutcome(status: .failed(test: "T.t", message: "Still false after 0.35 s.", location: "T.swift:3"), testSeconds: 0.4, testCount: 1)
        let deadline = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(margin, short)], replays: [margin.name: short],
                                                            insideContract: [margin.name: (inside, short)]))
        XCTAssertEqual(deadline.kind, .rejectsCorrectCode)
        XCTAssertTrue(deadline.next?.hasPrefix("Your wait's deadline is shorter than the contract allows (1 s here)") == true, deadline.next ?? "")
        XCTAssertEqual(deadline.cause, .deadline)
        XCTAssertEqual(rejected.cause, .assumedTime)

        let generous = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(margin, hung)]))
        XCTAssertEqual(generous.kind, .done)
    }

    /// With two points, a rejection names the hand-off that matters and a seed that replays it
    /// alone: the seed that delays one point alone, or, for every point at its HIGH, the one-alone
    /// seed that failed too; when each alone passed, it is the delays together.
    func test_judge_theHandOffThatMatters() throws {
        let pass = TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)
        let fail = TestOutcome(status: .failed(test: "T.t", message: "XCTAssertEqual failed", location: "T.swift:3"), testSeconds: 0.1, testCount: 1)
        let points = [try point("albums"), try point("playlists")]
        let track = exercise(perturbs: ["albums", "playlists"])
        func seed(_ albums: Int, _ playlists: Int) throws -> UInt32 {
            try XCTUnwrap((UInt32(1)..<100_000).first { seed in
                Perturbation.delay(seed: seed, point: 1, range: 0...1000) == albums
                    && Perturbation.delay(seed: seed, point: 2, range: 0...1000) == playlists
            })
        }
        let albumsLate = Perturbation.wheat(track, seed: try seed(1000, 0), points: points)
        let playlistsLate = Perturbation.wheat(track, seed: try seed(0, 1000), points: points)
        let margin = Perturbation.wheat(track, seed: try seed(1000, 1000) | Perturbation.marginBit, points: points)
        let inside = try XCTUnwrap(Perturbation.insideContract(margin))

        // Both late fails, and the albums late alone: the rejection names the albums.
        let alone = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(margin, fail), (albumsLate, fail), (playlistsLate, pass)],
                                                          replays: [margin.name: fail, albumsLate.name: fail],
                                                          insideContract: [margin.name: (inside, fail)]))
        XCTAssertEqual(alone.kind, .rejectsCorrectCode)
        XCTAssertEqual(alone.perturbationSeed, albumsLate.seed)
        XCTAssertTrue(alone.details.contains("- The hand-off that matters: albums comes 1000 ms later, the others at once: this seed replays it alone."), "\(alone.details)")
        // Judged on every point at its HIGH, the one-alone seed that failed is given to replay.
        let evidence = Evidence(real: [pass], wheats: [(margin, fail), (albumsLate, fail), (playlistsLate, pass)],
                                replays: [margin.name: fail, albumsLate.name: fail], insideContract: [margin.name: (inside, fail)])
        let named = Judge.handOffThatMatters(inside, evidence, exercise: track)
        XCTAssertEqual(named, ["- The hand-off that matters: they fail with only this one late, albums comes 1000 ms later; replay it alone: Scripts/grade.sh e@xctest --seed \(albumsLate.seed!)"])

        // Each alone passes: it is the two together.
        let together = Judge.judge(track, evidence: Evidence(real: [pass], wheats: [(margin, fail), (albumsLate, pass), (playlistsLate, pass)],
                                                             replays: [margin.name: fail], insideContract: [margin.name: (inside, fail)]))
        XCTAssertEqual(together.kind, .rejectsCorrectCode)
        XCTAssertEqual(together.perturbationSeed, inside.seed)
        XCTAssertTrue(together.details.contains("- With any one hand-off late alone they pass: it is the delays together that your wait does not allow for."), "\(together.details)")
    }
}
