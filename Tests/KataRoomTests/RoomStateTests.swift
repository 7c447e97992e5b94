import XCTest
@testable import KataRoom
import KataVerdicts

final class RoomStateTests: XCTestCase {
    let catalog = RoomFixtures.catalog
    let start = RoomFixtures.start

    func testANewerResultReplacesAnOlderOneAndALateOldOneIsIgnored() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .failing, seq: 1)]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 3)]), catalog: catalog, now: start)
        // Delivered late from an outbox: older than what the room has.
        let accepted = try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .hangs, seq: 2)]), catalog: catalog, now: start)

        XCTAssertEqual(accepted, 0)
        XCTAssertEqual(state.attendee("attendee-1")?.results["first"]?.verdict, .done)
    }

    func testResultsOfOtherExercisesAreKeptWhenAGradeReportsOnlyOne() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1),
                                                         .init(id: "second", verdict: .failing, seq: 2)]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "second", verdict: .done, seq: 3)]), catalog: catalog, now: start)

        XCTAssertEqual(state.attendee("attendee-1")?.results.mapValues(\.verdict), ["first": .done, "second": .done])
    }

    func testAnAttendeeCanUpdateOnlyTheirOwnRow() throws {
        var state = try RoomFixtures.stateWith("attendee-1", "attendee-2")
        var forged = RoomFixtures.post("attendee-2", [.init(id: "first", verdict: .done, seq: 1)])
        forged.token = RoomFixtures.token("attendee-1")

        XCTAssertThrowsError(try state.post(forged, catalog: catalog, now: start)) { XCTAssertEqual($0 as? RoomError, .notYourRow) }
        XCTAssertThrowsError(try state.join(JoinRequest(code: RoomFixtures.code, attendee: "attendee-2", token: RoomFixtures.token("attendee-1"), name: "Mallory"), now: start)) {
            XCTAssertEqual($0 as? RoomError, .notYourRow)
        }
        XCTAssertEqual(state.attendee("attendee-2")?.results, [:])
        XCTAssertEqual(state.attendee("attendee-2")?.name, "Ana")
    }

    func testAPostWithoutTheRoomCodeOrFromAStrangerIsRefused() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        var wrongCode = RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1)])
        wrongCode.code = "OTHER1"

        XCTAssertThrowsError(try state.post(wrongCode, catalog: catalog, now: start)) { XCTAssertEqual($0 as? RoomError, .wrongCode) }
        XCTAssertThrowsError(try state.post(RoomFixtures.post("attendee-9", []), catalog: catalog, now: start)) {
            XCTAssertEqual($0 as? RoomError, .unknownAttendee)
        }
    }

    func testUnknownExercisesAndChaffsAreRefusedWithoutChangingAnything() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        let before = state
        let unknownExercise = RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1), .init(id: "nope", verdict: .done, seq: 2)])
        let unknownChaff = RoomFixtures.post("attendee-1", [.init(id: "second", verdict: .missesBugs, missed: ["never-calls"], seq: 3)])

        XCTAssertThrowsError(try state.post(unknownExercise, catalog: catalog, now: start))
        XCTAssertThrowsError(try state.post(unknownChaff, catalog: catalog, now: start))
        XCTAssertEqual(state, before)
    }

    func testAFloodOfJoinsStopsAtTheRoomsSize() throws {
        var state = RoomState(code: RoomFixtures.code)
        for index in 0..<RoomState.maxAttendees { _ = try state.join(RoomFixtures.join("attendee-\(index)"), now: start) }

        XCTAssertThrowsError(try state.join(RoomFixtures.join("attendee-extra"), now: start))
        XCTAssertNoThrow(try state.join(RoomFixtures.join("attendee-7", name: "Seven"), now: start), "a known checkout can still re-join")
    }

    func testJoiningAgainFromTheSameCheckoutRenamesTheRowInsteadOfAddingOne() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        _ = try state.join(RoomFixtures.join("attendee-1", name: "Ana B."), now: start)

        XCTAssertEqual(state.attendees.map(\.name), ["Ana B."])
    }

    func testTheCurrentExerciseIsTheOneWorkedOnAndItsClockStartsWhenItBecomesCurrent() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .failing, seq: 1), .init(id: "second", verdict: .notStarted, seq: 2)]),
                       catalog: catalog, now: start)
        // Still on "first" ten minutes later, with another verdict: the clock keeps running.
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .missesBugs, missed: ["calls-twice"], seq: 3)]),
                       catalog: catalog, now: start + 600)

        XCTAssertEqual(state.attendee("attendee-1")?.current, "first")
        XCTAssertEqual(state.attendee("attendee-1")?.currentSince, start)

        // Done: "second" is still its starter, so the attendee is on nothing the room can name yet.
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 4)]), catalog: catalog, now: start + 700)
        XCTAssertNil(state.attendee("attendee-1")?.current, "an exercise not started is no one's current exercise")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "second", verdict: .failing, seq: 5)]), catalog: catalog, now: start + 800)
        XCTAssertEqual(state.attendee("attendee-1")?.current, "second")
        XCTAssertEqual(state.attendee("attendee-1")?.currentSince, start + 800)
    }

    /// Issue 46: an attendee working in the Flaky tests block (#30–#32) was listed under Looks
    /// stuck as "#2 success, 15m, not started", and the grid framed #1/#2 as her current cell:
    /// the room took the first exercise not done, and every grade of the course sends each
    /// exercise she never opened as not started.
    func testARoomThatStartsAtThirtyIsStuckOnNoExerciseItHasNotStarted() throws {
        let course = RoomCatalog(exercises: (1...33).map { RoomCatalog.Exercise(id: "ex-\($0)", title: "Exercise \($0)", pattern: "p", bugHints: ["bug": "A bug."]) })
        var state = RoomState(code: RoomFixtures.code)
        for id in ["attendee-1", "attendee-2", "attendee-3"] { _ = try state.join(RoomFixtures.join(id), now: start) }
        func grade(_ id: String, _ verdicts: [Int: VerdictKind], seq: inout Int, at time: Date) throws {
            // A grade of the whole course: every exercise, in course order, not started unless said.
            let entries = (1...33).map { number -> ResultsPost.Entry in
                seq += 1
                return .init(id: "ex-\(number)", verdict: verdicts[number] ?? .notStarted, seq: seq)
            }
            try state.post(RoomFixtures.post(id, entries), catalog: course, now: time)
        }
        var seq1 = 0, seq2 = 0, seq3 = 0
        // Ada goes straight to the Flaky tests block; Grace works on #31 alone; Linus has opened nothing.
        try grade("attendee-1", [30: .failing], seq: &seq1, at: start)
        try grade("attendee-2", [30: .done, 31: .missesBugs], seq: &seq2, at: start)
        try grade("attendee-3", [:], seq: &seq3, at: start)
        XCTAssertEqual(state.attendee("attendee-1")?.current, "ex-30")
        XCTAssertEqual(state.attendee("attendee-2")?.current, "ex-31")
        XCTAssertNil(state.attendee("attendee-3")?.current)

        // Ada fixes #30 and moves to #31, then #32, each graded with the whole course.
        try grade("attendee-1", [30: .done, 31: .failing], seq: &seq1, at: start + 300)
        try grade("attendee-1", [30: .done, 31: .done, 32: .hangs], seq: &seq1, at: start + 400)
        // Grace regrades her whole course with nothing changed in #31, then #31 alone (same verdict).
        try grade("attendee-2", [30: .done, 31: .missesBugs], seq: &seq2, at: start + 500)
        seq2 += 1
        try state.post(RoomFixtures.post("attendee-2", [.init(id: "ex-31", verdict: .missesBugs, seq: seq2)]), catalog: course, now: start + 550)
        try grade("attendee-3", [:], seq: &seq3, at: start + 500)

        let now = start + 15 * 60
        XCTAssertEqual(state.attendee("attendee-1")?.current, "ex-32")
        XCTAssertEqual(state.attendee("attendee-1")?.currentSince, start + 400)
        XCTAssertEqual(state.stuck(after: 600, now: now).map(\.id), ["attendee-2"], "Grace has been on #31 for 15 minutes")
        let snapshot = RoomSnapshot(state: state, catalog: course, stuckAfterMinutes: 10, now: now)
        for row in snapshot.attendees {
            if let current = row.current {
                XCTAssertNotEqual(row.results[current]?.verdict, .notStarted, "\(row.name) is framed on \(current), which they have not started")
            }
            XCTAssertTrue(!row.stuck || row.current != nil, "\(row.name) is stuck on no exercise")
        }
        XCTAssertEqual(snapshot.attendees.map(\.current), ["ex-32", "ex-31", nil])

        // An old verdict that changes in a grade of the whole course is where the work went.
        try grade("attendee-2", [30: .failing, 31: .missesBugs], seq: &seq2, at: start + 16 * 60)
        XCTAssertEqual(state.attendee("attendee-2")?.current, "ex-30")
    }

    func testStuckMeansOnTheSameUnfinishedExerciseForLongerThanTheThreshold() throws {
        var state = try RoomFixtures.stateWith("attendee-1", "attendee-2", "attendee-3")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .failing, seq: 1)]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-2", [.init(id: "first", verdict: .failing, seq: 1)]), catalog: catalog, now: start + 500)
        try state.post(RoomFixtures.post("attendee-3", [.init(id: "first", verdict: .done, seq: 1), .init(id: "second", verdict: .done, seq: 2),
                                                         .init(id: "third", verdict: .done, seq: 3)]), catalog: catalog, now: start)

        let now = start + 660
        XCTAssertEqual(state.stuck(after: 600, now: now).map(\.id), ["attendee-1"], "attendee-2 is 160 s in, attendee-3 is done")
        XCTAssertEqual(state.stuck(after: 120, now: now).map(\.id), ["attendee-1", "attendee-2"])
        XCTAssertEqual(state.stuck(after: 900, now: now).map(\.id), [])
    }

    func testMostMissedCountsEachAttendeesLatestSuiteOnceMostFirst() throws {
        var state = try RoomFixtures.stateWith("attendee-1", "attendee-2", "attendee-3")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .missesBugs, missed: ["never-calls", "calls-twice"], seq: 1)]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-2", [.init(id: "first", verdict: .missesBugs, missed: ["calls-twice"], seq: 1)]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-3", [.init(id: "first", verdict: .missesBugs, missed: ["calls-twice"], seq: 1)]), catalog: catalog, now: start)
        // attendee-3 fixes it: only the latest suite counts.
        try state.post(RoomFixtures.post("attendee-3", [.init(id: "first", verdict: .done, seq: 2)]), catalog: catalog, now: start)

        XCTAssertEqual(state.mostMissed("first").map(\.bug), ["calls-twice", "never-calls"])
        XCTAssertEqual(state.mostMissed("first").map(\.count), [2, 1])
        XCTAssertEqual(state.doneCount("first"), 1)
    }

    /// "Per exercise reached" lists what someone graded past its starter: a fresh clone's grade
    /// (every exercise not started) or a machine that cannot run it (needs) reaches nothing.
    func testAnExerciseIsReachedOnlyPastItsStarter() throws {
        var state = try RoomFixtures.stateWith("attendee-1", "attendee-2")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .notStarted, seq: 1), .init(id: "second", verdict: .failing, seq: 2),
                                                          .init(id: "third", verdict: .needs, seq: 3)]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-2", [.init(id: "second", verdict: .done, seq: 1)]), catalog: catalog, now: start)
        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        XCTAssertEqual(snapshot.exercises.map(\.reached), [0, 2, 0])
    }

    func testTheSnapshotCarriesHintsAndNeverATokenAndTheCSVDefusesFormulas() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        _ = try state.join(RoomFixtures.join("attendee-1", name: "=cmd|' /C calc'!A0, \"x\""), now: start)
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .missesBugs, missed: ["never-calls"], seq: 1)]), catalog: catalog, now: start)
        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)

        XCTAssertEqual(snapshot.exercises[0].mostMissed, [.init(bug: "never-calls", hint: "It never calls back.", count: 1)])
        XCTAssertFalse(String(decoding: snapshot.encoded(), as: UTF8.self).contains(RoomFixtures.token("attendee-1")))
        XCTAssertTrue(snapshot.csv().contains("\"'=cmd|' /C calc'!A0, \"\"x\"\"\""), snapshot.csv())
    }
}

/// The rows a machine may add, and the rows the instructor and the attendees themselves take away.
final class RoomRowsTests: XCTestCase {
    let catalog = RoomFixtures.catalog
    let start = RoomFixtures.start

    func testAMachineAddsAtMostItsShareOfRowsAndAnotherMachineStillJoins() throws {
        var state = RoomState(code: RoomFixtures.code)
        for index in 1...3 { _ = try state.join(RoomFixtures.join("attendee-\(index)", name: "Row \(index)"), from: "10.0.0.5", rowsPerAddress: 3, now: start) }

        XCTAssertThrowsError(try state.join(RoomFixtures.join("attendee-4"), from: "10.0.0.5", rowsPerAddress: 3, now: start)) { error in
            XCTAssertEqual((error as? RoomError)?.status, 429)
            XCTAssertEqual("\(error)", "this machine (10.0.0.5) already has 3 rows in the room (Row 1, Row 2, Row 3): "
                + "run Scripts/grade.sh --leave in a checkout you no longer use, or ask the instructor to remove a row.")
        }
        XCTAssertNoThrow(try state.join(RoomFixtures.join("attendee-5"), from: "10.0.0.6", rowsPerAddress: 3, now: start))
        XCTAssertNoThrow(try state.join(RoomFixtures.join("attendee-2", name: "Renamed"), from: "10.0.0.5", rowsPerAddress: 3, now: start),
                         "joining again from a known checkout renames its row, whatever the machine holds")
        XCTAssertEqual(state.attendees.count, 4)
    }

    func testLeavingTakesTheRowOffThePageAndFreesTheMachinesSlot() throws {
        var state = RoomState(code: RoomFixtures.code)
        _ = try state.join(RoomFixtures.join("attendee-1"), from: "10.0.0.5", rowsPerAddress: 1, now: start)
        let leave = LeaveRequest(code: RoomFixtures.code, attendee: "attendee-1", token: RoomFixtures.token("attendee-1"))

        XCTAssertThrowsError(try state.leave(LeaveRequest(code: RoomFixtures.code, attendee: "attendee-1", token: RoomFixtures.token("attendee-2")))) {
            XCTAssertEqual($0 as? RoomError, .notYourRow)
        }
        XCTAssertTrue(try state.leave(leave))
        XCTAssertFalse(try state.leave(leave), "leaving twice is harmless")
        XCTAssertEqual(state.attendees, [])
        XCTAssertNoThrow(try state.join(RoomFixtures.join("attendee-2"), from: "10.0.0.5", rowsPerAddress: 1, now: start))
    }

    func testARemovedRowsNextResultsAreToldSoAndJoiningAgainBringsItBack() throws {
        var state = try RoomFixtures.stateWith("attendee-1", "attendee-2")
        try state.remove("attendee-1")

        XCTAssertEqual(state.attendees.map(\.id), ["attendee-2"])
        XCTAssertThrowsError(try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1)]), catalog: catalog, now: start)) {
            XCTAssertEqual($0 as? RoomError, .removedByInstructor)
            XCTAssertEqual(($0 as? RoomError)?.status, 410)
        }
        XCTAssertThrowsError(try state.remove("attendee-1")) { XCTAssertEqual($0 as? RoomError, .noSuchRow) }

        _ = try state.join(RoomFixtures.join("attendee-1"), now: start)
        XCTAssertNoThrow(try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1)]), catalog: catalog, now: start))
        XCTAssertEqual(state.removed, [])
    }

    func testTheInstructorRenamesARow() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        let before = state.revision
        try state.rename("attendee-1", to: "Ana Lopez")

        XCTAssertEqual(state.attendee("attendee-1")?.name, "Ana Lopez")
        XCTAssertGreaterThan(state.revision, before)
        XCTAssertThrowsError(try state.rename("attendee-9", to: "X")) { XCTAssertEqual($0 as? RoomError, .noSuchRow) }
    }

    func testTheRoomRemembersABoundedNumberOfRemovedRows() throws {
        var state = RoomState(code: RoomFixtures.code)
        for index in 0..<(RoomState.maxRemembered + 5) {
            _ = try state.join(RoomFixtures.join("attendee-\(index)"), now: start)
            try state.remove("attendee-\(index)")
        }
        XCTAssertEqual(state.removed?.count, RoomState.maxRemembered)
        XCTAssertEqual(state.removed?.last, "attendee-\(RoomState.maxRemembered + 4)")
    }

    func testAStateSavedBeforeInstructorKeysGetsOneAndKeepsItsRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("room-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = RoomStore(file: folder.appendingPathComponent("state.json"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = #"{"code":"ROOM42","revision":3,"attendees":[{"id":"attendee-1","name":"Ana","token":"tokenxxxxxxxxxxxx1","joinedAt":0,"lastSeen":0,"results":{"first":{"verdict":"done","missed":[],"seq":1,"receivedAt":0}}}]}"#
        try Data(old.utf8).write(to: store.file)

        let (state, isNew) = try store.loadOrCreate()
        XCTAssertFalse(isNew)
        XCTAssertEqual(state.attendees.map(\.name), ["Ana"])
        XCTAssertEqual(state.instructorKey?.count, 32)
        XCTAssertEqual(state.attendee("attendee-1")?.headline("first")?.verdict, .done, "a result saved without its track still counts")

        let (fresh, freshIsNew) = try RoomStore(file: folder.appendingPathComponent("other/state.json")).loadOrCreate()
        XCTAssertTrue(freshIsNew)
        XCTAssertNotEqual(fresh.instructorKey, state.instructorKey)
    }

    /// `--room-serve --code`: the kept room when it has that code, a new room that takes the code
    /// when none is kept, and never a kept room of another code replaced.
    func testARoomIsReopenedByItsCodeAndAKeptRoomOfAnotherCodeIsNeverReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("room-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = RoomStore(file: folder.appendingPathComponent("state.json"))

        let (reopened, isNew) = try store.loadOrCreate(code: "k7qf2m")
        XCTAssertTrue(isNew)
        XCTAssertEqual(reopened.code, "K7QF2M", "typed in any case, kept in capitals as the join line carries it")
        try store.save(reopened)

        XCTAssertEqual(try store.loadOrCreate(code: "K7QF2M").state, reopened)
        XCTAssertEqual(try store.loadOrCreate().state, reopened)
        XCTAssertThrowsError(try store.loadOrCreate(code: "ABCDEF")) { error in
            XCTAssertTrue("\(error)".contains("this checkout's room is K7QF2M"), "\(error)")
        }
        for typo in ["K7", "K7QF-2M", String(repeating: "A", count: 33), "ÉÉÉÉÉÉ"] {
            XCTAssertThrowsError(try RoomStore(file: folder.appendingPathComponent("x/state.json")).loadOrCreate(code: typo), typo)
        }
    }
}

/// An exercise done in both frameworks has a result per track: neither hides the other.
final class RoomTracksTests: XCTestCase {
    let catalog = RoomCatalog(patterns: [.init(id: "mocking", title: "Mocking")], exercises: [
        .init(id: "mocking-first", title: "First", pattern: "mocking", bugHints: ["never-calls": "It never calls back."], frameworks: ["xctest", "swift-testing"]),
        .init(id: "mocking-second", title: "Second", pattern: "mocking", frameworks: ["swift-testing"]),
        .init(id: "third", title: "Third", pattern: "expectations"),
    ])
    let start = RoomFixtures.start

    func testDoneOnEitherTrackIsDoneAndTheOtherTracksMissedBugsStillCount() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [
            .init(id: "mocking-first", verdict: .done, seq: 1, framework: "xctest"),
            .init(id: "mocking-first", verdict: .missesBugs, missed: ["never-calls"], seq: 2, framework: "swift-testing"),
        ]), catalog: catalog, now: start)
        let row = try XCTUnwrap(state.attendee("attendee-1"))

        XCTAssertEqual(row.tracks("mocking-first").map(\.framework), ["swift-testing", "xctest"])
        XCTAssertEqual(row.headline("mocking-first")?.verdict, .done)
        XCTAssertEqual(state.doneCount("mocking-first"), 1)
        XCTAssertEqual(row.current, nil, "the exercise is done, in XCTest")
        XCTAssertEqual(state.mostMissed("mocking-first").map(\.bug), ["never-calls"])

        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        let result = try XCTUnwrap(snapshot.attendees[0].results["mocking-first"])
        XCTAssertEqual(result.verdict, .done)
        XCTAssertEqual(result.framework, "xctest")
        XCTAssertEqual(result.tracks.map(\.framework), ["xctest", "swift-testing"], "in the catalog's order")
        XCTAssertEqual(snapshot.attendees[0].done, 1)
        XCTAssertEqual(snapshot.csv().split(separator: "\r\n").count, 3, "one CSV row per track")
    }

    func testWithoutADoneTrackTheLatestStandsForTheExercise() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "mocking-first", verdict: .failing, seq: 1, framework: "xctest")]), catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "mocking-first", verdict: .hangs, seq: 2, framework: "swift-testing")]), catalog: catalog, now: start + 5)

        XCTAssertEqual(state.attendee("attendee-1")?.headline("mocking-first")?.verdict, .hangs)
        XCTAssertEqual(state.attendee("attendee-1")?.results.count, 2)
    }

    func testAResultForATrackTheExerciseDoesNotHaveIsRefused() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        XCTAssertThrowsError(try state.post(RoomFixtures.post("attendee-1", [.init(id: "mocking-second", verdict: .done, seq: 1, framework: "xctest")]),
                                            catalog: catalog, now: start))
        XCTAssertThrowsError(try RoomValidation.check(RoomFixtures.post("attendee-1", [.init(id: "mocking-second", verdict: .done, seq: 1, framework: "junit")])))
        XCTAssertNoThrow(try state.post(RoomFixtures.post("attendee-1", [.init(id: "third", verdict: .done, seq: 1, framework: "xctest")]), catalog: catalog, now: start),
                         "an exercise whose tracks the room was not told accepts either")
    }

    func testTheSnapshotNamesPatternsInCourseOrderAndShortLabels() {
        let snapshot = RoomSnapshot(state: RoomState(code: RoomFixtures.code), catalog: catalog, stuckAfterMinutes: 10, now: start)

        XCTAssertEqual(snapshot.patterns.map(\.title), ["Mocking", "expectations"], "a pattern without a title shows its id")
        XCTAssertEqual(snapshot.patterns.map(\.exercises), [2, 1])
        XCTAssertEqual(snapshot.exercises.map(\.label), ["first", "second", "third"])
        XCTAssertEqual(snapshot.version, 2)
    }
}
