import XCTest
@testable import KataRoom

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

    func testTheCurrentExerciseIsTheFirstNotDoneAndItsClockStartsWhenItBecomesCurrent() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .failing, seq: 1), .init(id: "second", verdict: .notStarted, seq: 2)]),
                       catalog: catalog, now: start)
        // Still on "first" ten minutes later, with another verdict: the clock keeps running.
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .missesBugs, missed: ["calls-twice"], seq: 3)]),
                       catalog: catalog, now: start + 600)

        XCTAssertEqual(state.attendee("attendee-1")?.current, "first")
        XCTAssertEqual(state.attendee("attendee-1")?.currentSince, start)

        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 4)]), catalog: catalog, now: start + 700)
        XCTAssertEqual(state.attendee("attendee-1")?.current, "second")
        XCTAssertEqual(state.attendee("attendee-1")?.currentSince, start + 700)
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
