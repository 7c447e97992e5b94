import XCTest
@testable import KataGradingCore

/// What decides whether a track's runs are made again: its key (`VerdictKey`), and which runs may
/// be kept and for how long (`KeptRuns`).
final class KeptRunsTests: XCTestCase {
    var track = KeptRunsTests.track()
    /// The catalog entry the tests vary: `e`, in XCTest, unless told otherwise.
    static func track(id: String = "e", framework: Catalog.Framework = .xctest) -> Catalog.Exercise {
        var track = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
            {"id": "\(id)", "pattern": "p", "title": "t", "files": ["T.swift"], "hint": "h", "timeLimit": 10, "budget": 1,
             "chaffs": ["c"], "wheats": ["w"], "framework": "\(framework.rawValue)"}
            """.utf8))
        track.module = "M"
        return track
    }
    let chaff = Variant(module: "M", name: "c", kind: .chaff, hint: "A bug.", hunks: [.init(file: "A.swift", original: "a", replacement: "b")])
    let wheat = Variant(module: "M", name: "w", kind: .wheat, hint: "Later.", hunks: [.init(file: "A.swift", original: "a", replacement: "c")])
    let files = ["Sources/M/A.swift": "1", "Sources/Other/B.swift": "2", "Hook/KataShadowHook/hook.c": "3",
                 "Grade/Grade_e/T.swift": "4", "Grade/Grade_f/U.swift": "5", "Package.swift": "6"]
    let machine = VerdictKey.Machine(grader: "g", toolchain: "t", platform: "p")
    let pass = TestOutcome(status: .passed, testSeconds: 0.1, testCount: 1)
    let fail = TestOutcome(status: .failed(test: "T.t", message: "caught", location: "T.swift:3"), testSeconds: 0.1, testCount: 1)

    func key(_ track: Catalog.Exercise? = nil, variants: [Variant]? = nil, files: [String: String]? = nil, manifest: String = "m",
             machine: VerdictKey.Machine? = nil, repeats: Int = 3) -> VerdictKey {
        VerdictKey.of(track ?? self.track, variants: variants ?? [chaff, wheat], files: files ?? self.files, manifest: manifest,
                      machine: machine ?? self.machine, repeats: repeats)
    }

    func test_theKeyChangesWithEverythingThatDecidesTheVerdict_andNothingElse() {
        let base = key()
        XCTAssertEqual(key(), base, "the same ingredients give the same key")
        var changed: [String: VerdictKey] = [:]
        for (path, name) in [("Grade/Grade_e/T.swift", "the attendee's file"), ("Sources/M/A.swift", "the legacy module"),
                             ("Sources/Other/B.swift", "a module it may depend on"), ("Hook/KataShadowHook/hook.c", "the grader's hook")] {
            var edited = files
            edited[path] = "edited"
            changed[name] = key(files: edited)
        }
        var added = files
        added["Grade/Grade_e/Helper.swift"] = "7"
        changed["a file added to the track"] = key(files: added)
        changed["the manifest"] = key(manifest: "m2")
        var budget = track
        budget.budget = 2
        changed["the catalog entry's budget"] = key(budget)
        var hint = track
        hint.hint = "another hint"
        changed["the catalog entry's hint"] = key(hint)
        var reworded = chaff
        reworded.hint = "Another bug."
        changed["a chaff's hint"] = key(variants: [reworded, wheat])
        changed["a wheat gone"] = key(variants: [chaff])
        changed["the grader"] = key(machine: .init(grader: "g2", toolchain: "t", platform: "p"))
        changed["the toolchain"] = key(machine: .init(grader: "g", toolchain: "t2", platform: "p"))
        changed["the platform"] = key(machine: .init(grader: "g", toolchain: "t", platform: "p2"))
        changed["--repeats"] = key(repeats: 5)
        let linux = TestPlatform(system: .linux, swiftVersion: Version(6, 2))
        let macOS = TestPlatform(system: .macOS, simulated: true, osVersion: Version(26, 0), swiftVersion: Version(6, 2))
        changed["the platform's decisions (KATA_PLATFORM=macos)"] = key(machine: .init(grader: "g", toolchain: "t", platform: "p",
                                                                                          decisions: macOS.decisions))
        let linuxKey = key(machine: .init(grader: "g", toolchain: "t", platform: "p", decisions: linux.decisions))
        let macKey = key(machine: .init(grader: "g", toolchain: "t", platform: "p", decisions: macOS.decisions))
        XCTAssertNotEqual(linuxKey, macKey, "runs made taking Linux's decisions never stand for macOS's")
        let xcode = TestPlatform(system: .macOS, simulated: true, osVersion: Version(26, 0), swiftVersion: Version(6, 2),
                                 xctest: "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest")
        XCTAssertNotEqual(key(machine: .init(grader: "g", toolchain: "t", platform: "p", decisions: xcode.decisions)), macKey, "Xcode or not")
        var required = track
        required.requires = Catalog.Requirements(swift: Version(6, 2))
        changed["the catalog entry's requires"] = key(required)
        changed["the other track"] = key(Self.track(framework: .swiftTesting))
        for (name, changedKey) in changed { XCTAssertNotEqual(changedKey, base, name) }

        var unrelated = files
        unrelated["Grade/Grade_f/U.swift"] = "edited"
        unrelated["Package.swift"] = "the shadow's manifest, which lists which tracks are built"
        XCTAssertEqual(key(files: unrelated), base, "another track's files, and the shadow copy's own manifest")
        var unrelatedVariant = chaff
        unrelatedVariant.name = "another"
        XCTAssertEqual(key(variants: [chaff, wheat, unrelatedVariant]), base, "a variant the track does not run")
    }

    func test_onlyADoneVerdictWithRoomToSpareIsKept() {
        let evidence = Evidence(real: [pass, pass, pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)])
        let done = Judge.judge(track, evidence: evidence)
        XCTAssertEqual(done.kind, .done)
        XCTAssertNotNil(KeptRuns.keeping(evidence, verdict: done, of: track, key: key(), date: Date()))

        let near = TestOutcome(status: .passed, testSeconds: track.budget * 0.9, testCount: 1)
        let nearBudget = Evidence(real: [pass, near, pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)])
        XCTAssertEqual(Judge.judge(track, evidence: nearBudget).kind, .done)
        XCTAssertNil(KeptRuns.keeping(nearBudget, verdict: Judge.judge(track, evidence: nearBudget), of: track, key: key(), date: Date()),
                     "a run near the budget: timed again at the next grade")

        for (name, other) in [("misses bugs", Evidence(real: [pass], chaffs: [(chaff, pass)], wheats: [(wheat, pass)])),
                              ("rejects correct code", Evidence(real: [pass], chaffs: [(chaff, fail)], wheats: [(wheat, fail)])),
                              ("flaky", Evidence(real: [pass, fail, pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)])),
                              ("failing", Evidence(real: [fail]))] {
            let verdict = Judge.judge(track, evidence: other)
            XCTAssertEqual(verdict.kind.rawValue, name)
            XCTAssertNil(KeptRuns.keeping(other, verdict: verdict, of: track, key: key(), date: Date()), name)
        }
        // What this machine cannot run is never kept, whatever evidence comes with it.
        let needs = Judge.needs(TestPlatform.Unmet(what: "macOS 26", have: "this Mac has 15.5", install: "Update"), exercise: track)
        XCTAssertFalse(KeptRuns.mayKeep(needs, evidence: evidence, of: track))
        XCTAssertNil(KeptRuns.keeping(evidence, verdict: needs, of: track, key: key(), date: Date()), "needs")
    }

    func test_keptRuns_standOnlyForTheirTrackAndKey_forADay_andAreJudgedAgainAsTheyWere() throws {
        // Whole seconds, which JSON keeps exactly.
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let evidence = Evidence(real: [pass, pass, pass], chaffs: [(chaff, fail)], wheats: [(wheat, pass)])
        let kept = try XCTUnwrap(KeptRuns.keeping(evidence, verdict: Judge.judge(track, evidence: evidence), of: track, key: key(),
                                                  date: now.addingTimeInterval(-60)))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let read = try decoder.decode(KeptRuns.self, from: encoder.encode(kept))
        XCTAssertEqual(read, kept)

        XCTAssertTrue(read.stands(for: track, key: key(), now: now))
        XCTAssertFalse(read.stands(for: track, key: key(repeats: 5), now: now), "another key")
        XCTAssertFalse(read.stands(for: Self.track(id: "f"), key: key(), now: now), "another track")
        XCTAssertFalse(read.stands(for: track, key: key(), now: now.addingTimeInterval(KeptRuns.longestKept)), "too old")
        XCTAssertFalse(read.stands(for: track, key: key(), now: now.addingTimeInterval(-3600)), "made in the future")
        var older = read
        older.format = KeptRuns.currentFormat - 1
        XCTAssertFalse(older.stands(for: track, key: key(), now: now), "another format")

        let again = try XCTUnwrap(read.evidence(variants: [chaff, wheat], module: "M"))
        XCTAssertEqual(Judge.judge(track, evidence: again), Judge.judge(track, evidence: evidence), "the same judge, the same runs")
        XCTAssertNil(read.evidence(variants: [chaff], module: "M"), "a variant the course no longer has")
    }
}
