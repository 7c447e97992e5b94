import XCTest
import KataVerdicts
@testable import KataRoom

/// The room counts, per exercise, the attendees whose latest suite a timing change the code allows
/// (a generated perturbation) rejected: the flag travels from the grade (`GradedExercise.perturbed`)
/// through the wire (`ResultsPost.Entry.perturbed`, absent when false) into the state, the
/// snapshot, the CSV and the page.
final class RoomTimingTests: XCTestCase {
    let catalog = RoomFixtures.catalog
    let start = RoomFixtures.start

    func testEachAttendeeCountsOnceWhicheverTrackAndOnlyTheirLatestSuite() throws {
        let catalog = RoomCatalog(exercises: [
            .init(id: "first", title: "First", pattern: "mocking", bugHints: ["never-calls": "It never calls back."], frameworks: ["xctest", "swift-testing"]),
            .init(id: "second", title: "Second", pattern: "mocking", frameworks: ["xctest"]),
        ])
        var state = try RoomFixtures.stateWith("attendee-1", "attendee-2", "attendee-3", "attendee-4")
        // Both tracks rejected by a timing change: one attendee.
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, framework: "xctest", perturbed: true),
                                                         .init(id: "first", verdict: .flaky, seq: 2, framework: "swift-testing", perturbed: true)]),
                       catalog: catalog, now: start)
        // One track rejected, the other done: the exercise is done, and its XCTest suite still
        // depends on timing.
        try state.post(RoomFixtures.post("attendee-2", [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, framework: "xctest", perturbed: true),
                                                         .init(id: "first", verdict: .done, seq: 2, framework: "swift-testing")]),
                       catalog: catalog, now: start)
        // Fixed since: only the latest suite counts.
        try state.post(RoomFixtures.post("attendee-3", [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, framework: "xctest", perturbed: true)]),
                       catalog: catalog, now: start)
        try state.post(RoomFixtures.post("attendee-3", [.init(id: "first", verdict: .done, seq: 2, framework: "xctest")]), catalog: catalog, now: start)
        // Rejected by a hand-written correct variant: not a timing change the grader generated.
        try state.post(RoomFixtures.post("attendee-4", [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, framework: "xctest"),
                                                         .init(id: "second", verdict: .flaky, seq: 2, framework: "xctest", perturbed: true)]),
                       catalog: catalog, now: start)

        XCTAssertEqual(state.perturbedCount("first"), 2)
        XCTAssertEqual(state.perturbedCount("second"), 1)
        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        XCTAssertEqual(snapshot.exercises.map(\.perturbed), [2, 1])
        let second = try XCTUnwrap(snapshot.attendees.first { $0.id == "attendee-2" }?.results["first"])
        XCTAssertEqual(second.verdict, .done)
        XCTAssertNil(second.perturbed, "the done track stands for the exercise")
        XCTAssertEqual(second.tracks.map(\.perturbed), [true, nil], "XCTest, then Swift Testing, in the catalog's order: \(second.tracks)")
    }

    func testTheFlagStandsOnlyOnAVerdictAPerturbationCanMake() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .done, seq: 1, perturbed: true),
                                                         .init(id: "second", verdict: .failing, seq: 2, perturbed: true)]),
                       catalog: catalog, now: start)
        XCTAssertEqual(state.attendee("attendee-1")?.results.values.map(\.perturbed), [nil, nil])
        XCTAssertEqual(state.perturbedCount("first") + state.perturbedCount("second"), 0)
    }

    /// An older grader's post has no `perturbed`, and a newer grader leaves it out when false: the
    /// message of every verdict not rejected by a timing change is what it always was, so an
    /// older room takes it too.
    func testAMessageWithoutTheFieldIsValidAndMeansNotPerturbed() throws {
        let old = #"{"code":"ROOM42","attendee":"attendee-1","token":"tokenxxxxxxxxxxxx1","results":[{"id":"first","verdict":"rejects correct code","missed":[],"seq":1,"framework":"xctest"}]}"#
        let post = try RoomValidation.decode(ResultsPost.self, from: Data(old.utf8))
        XCTAssertNil(post.results[0].perturbed)
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(post, catalog: catalog, now: start)
        XCTAssertEqual(state.perturbedCount("first"), 0)

        let plain = String(decoding: try JSONEncoder().encode(ResultsPost.Entry(id: "first", verdict: .rejectsCorrectCode, seq: 1)), as: UTF8.self)
        XCTAssertFalse(plain.contains("perturbed"), plain)
        let flagged = String(decoding: try JSONEncoder().encode(ResultsPost.Entry(id: "first", verdict: .rejectsCorrectCode, seq: 1, perturbed: true)), as: UTF8.self)
        XCTAssertTrue(flagged.contains("\"perturbed\":true"), flagged)
    }

    /// A state saved before the flag existed loads, and its results count as not perturbed.
    func testAStateSavedBeforeTheFlagLoads() throws {
        let old = #"{"code":"ROOM42","revision":3,"attendees":[{"id":"attendee-1","name":"Ana","token":"tokenxxxxxxxxxxxx1","joinedAt":0,"lastSeen":0,"results":{"first@xctest":{"verdict":"rejects correct code","missed":[],"seq":1,"receivedAt":0}}}]}"#
        let state = try JSONDecoder().decode(RoomState.self, from: Data(old.utf8))
        XCTAssertEqual(state.perturbedCount("first"), 0)
        XCTAssertEqual(RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start).exercises[0].perturbed, 0)
    }

    func testTheSenderCarriesTheFlagThroughItsOutboxToTheRoom() throws {
        let checkout = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: checkout) }
        let link = RoomLink(stateDirectory: checkout)
        try link.save(RoomMembership(room: URL(string: "http://127.0.0.1:9")!, code: RoomFixtures.code, name: "Ana",
                                     attendee: "attendee-1", token: RoomFixtures.token("attendee-1")))
        // Port 9 refuses: the results stay in the outbox, as they are sent.
        _ = link.send([GradedExercise(id: "first", verdict: .rejectsCorrectCode, missed: [], framework: "xctest", perturbed: true),
                       GradedExercise(id: "second", verdict: .rejectsCorrectCode, missed: [], framework: "xctest")], timeout: 0.5)
        XCTAssertEqual(link.outbox.map(\.perturbed), [true, nil])
    }

    func testTheCSVSaysWhichTracksATimingChangeRejected() throws {
        var state = try RoomFixtures.stateWith("attendee-1")
        try state.post(RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, perturbed: true),
                                                         .init(id: "second", verdict: .done, seq: 2)]), catalog: catalog, now: start)
        let lines = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start).csv().split(separator: "\r\n")
        XCTAssertEqual(lines[0], "attendee,name,exercise,number,title,verdict,missed,at,framework,perturbed,cause")
        XCTAssertTrue(lines[1].hasSuffix(",true,") && lines[1].contains(",first,"), "\(lines)")
        XCTAssertTrue(lines[2].hasSuffix(",false,") && lines[2].contains(",second,"), "\(lines)")
    }

    func testAResultsFileMergedOfflineKeepsTheFlag() throws {
        let (state, notes) = OfflineRoom.merge([OfflineRoom.Machine(attendee: "Ana", generatedAt: start, results: [
            GradedExercise(id: "first", verdict: .flaky, missed: [], perturbed: true),
            GradedExercise(id: "second", verdict: .rejectsCorrectCode, missed: []),
        ])], catalog: catalog)
        XCTAssertEqual(notes, [])
        XCTAssertEqual(RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start).exercises.map(\.perturbed), [1, 0, 0])
    }

    /// What the page draws from the snapshot's `perturbed`; Scripts/room-check.py browser sees it
    /// drawn (Explain next and Per exercise reached) in Chromium.
    func testThePageShowsTheCountInPerExerciseReachedAndExplainNext() {
        let page = RoomPage.html
        XCTAssertTrue(page.contains("<th title=\"\(RoomPage.timingTitle)\">◷ Timing change</th>"))
        XCTAssertTrue(page.contains("const TIMING_SIGN = \"◷\";"))
        XCTAssertTrue(page.contains("e.perturbed ? TIMING_SIGN + \" \" + e.perturbed + \" rejected\""), "a figure per exercise")
        XCTAssertTrue(page.contains("exercises.filter(e => e.rejected > 0 && e.causes && e.causes.length)"),
                      "Explain next ranks the lesson of the rejections' cause with the planted bugs (RoomCauseTests)")
        XCTAssertTrue(page.contains("const TIMING_HINT = \"\(RoomPage.timingHint)\";"))
        XCTAssertFalse(RoomPage.timingHint.contains("\""), "the hint sits in a JavaScript string")
    }
}
