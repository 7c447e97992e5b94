import Foundation
import XCTest
import KataVerdicts
@testable import KataRoom

/// Explain next teaches by cause: the cause each grade names (`Verdict.cause`) travels in the room
/// post (`ResultsPost.Entry.cause`, absent from an older grader), the room counts it per exercise,
/// and the snapshot gives the lesson of the cause most of the rejected desks have.
final class RoomCauseTests: XCTestCase {
    let catalog = RoomFixtures.catalog
    let start = RoomFixtures.start

    /// The causes the grader names today (`Verdict.Cause`; KataGradingTests checks the two lists agree).
    static let causes = ["deadline", "assumed-time", "no-room", "order", "shared-state", "form", "count", "input"]

    func room(_ posts: [[ResultsPost.Entry]]) throws -> RoomSnapshot {
        var state = RoomState(code: RoomFixtures.code)
        for (index, entries) in posts.enumerated() {
            let id = "attendee-\(index + 1)"
            _ = try state.join(RoomFixtures.join(id), now: start)
            try state.post(RoomFixtures.post(id, entries), catalog: catalog, now: start)
        }
        return RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
    }

    func testEachCauseGetsItsOwnLessonInWordsForTheRoom() throws {
        var seen = Set<String>()
        for cause in Self.causes {
            let snapshot = try room([[.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, perturbed: true, cause: cause)]])
            let first = try XCTUnwrap(snapshot.exercises.first)
            XCTAssertEqual(first.rejected, 1, cause)
            XCTAssertEqual(first.causes.map(\.cause), [cause])
            let lesson = RoomLessons.lesson(cause)
            XCTAssertEqual(first.causes.first?.lesson, lesson.text)
            XCTAssertEqual(first.causes.first?.title, lesson.title)
            XCTAssertTrue(lesson.text.hasPrefix("Their tests"), "said to the room about the desks: \(lesson.text)")
            XCTAssertFalse(lesson.text.contains("\""), "the page shows it as text, the terminal wraps it")
            XCTAssertTrue(seen.insert(lesson.text).inserted, "\(cause) shares its lesson with another cause")
            XCTAssertEqual(lesson.timing, ["deadline", "assumed-time", "no-room"].contains(cause), cause)
        }
        // The lesson the room used to give every timing rejection is the fixed sleep's alone.
        XCTAssertTrue(RoomLessons.lesson("assumed-time").text.contains("not for a fixed time"))
        XCTAssertFalse(RoomLessons.lesson("deadline").text.contains("not for a fixed time"))
        XCTAssertTrue(RoomLessons.lesson("deadline").text.contains("deadline"))
    }

    func testTheMostCommonCauseAmongTheRejectedDesksLeads() throws {
        // flaky-tests-timeout as a room had it: three deadlines too short, one fixed sleep, one
        // attendee whose two tracks were rejected for two causes (counted once under each).
        let snapshot = try room([
            [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, perturbed: true, cause: "deadline")],
            [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, perturbed: true, cause: "deadline")],
            [.init(id: "first", verdict: .flaky, seq: 1, perturbed: true, cause: "no-room")],
            [.init(id: "first", verdict: .rejectsCorrectCode, seq: 1, framework: "xctest", perturbed: true, cause: "assumed-time"),
             .init(id: "first", verdict: .rejectsCorrectCode, seq: 2, framework: "swift-testing", perturbed: true, cause: "deadline")],
            [.init(id: "first", verdict: .done, seq: 1)],
        ])
        let first = try XCTUnwrap(snapshot.exercises.first)
        XCTAssertEqual(first.rejected, 4)
        XCTAssertEqual(first.perturbed, 4)
        XCTAssertEqual(first.causes.map(\.cause), ["deadline", "assumed-time", "no-room"], "most first; a tie in RoomLessons.order")
        XCTAssertEqual(first.causes.map(\.count), [3, 1, 1])
        XCTAssertEqual(first.causes.first?.title, "deadline too short")
        XCTAssertEqual(snapshot.exercises[1].causes, [])
        XCTAssertEqual(snapshot.exercises[1].rejected, 0)
    }

    func testARejectionByAWrittenCorrectVersionCountsByItsCauseToo() throws {
        // Not a timing change (no perturbed flag): the grader's written wheat found shared state.
        let snapshot = try room([
            [.init(id: "second", verdict: .rejectsCorrectCode, seq: 1, cause: "shared-state")],
            [.init(id: "second", verdict: .rejectsCorrectCode, seq: 1, cause: "shared-state")],
            [.init(id: "second", verdict: .rejectsCorrectCode, seq: 1, cause: "form")],
        ])
        let second = snapshot.exercises[1]
        XCTAssertEqual(second.perturbed, 0)
        XCTAssertEqual(second.rejected, 3)
        XCTAssertEqual(second.causes.first?.cause, "shared-state")
        XCTAssertEqual(second.causes.first?.timing, false)
        XCTAssertTrue(second.causes.first?.lesson.contains("its own instance") == true)
    }

    /// An older grader's post has no `cause`: it still posts, a timing change's rejection is
    /// explained in the general timing words, and a written wheat's is not counted (nobody named it).
    func testAnOlderGradersPostWithoutACauseStillWorks() throws {
        let body = Data("""
        {"code": "\(RoomFixtures.code)", "attendee": "attendee-1", "token": "\(RoomFixtures.token("attendee-1"))",
         "results": [{"id": "first", "verdict": "rejects correct code", "missed": [], "seq": 1, "perturbed": true},
                     {"id": "second", "verdict": "rejects correct code", "missed": [], "seq": 2}]}
        """.utf8)
        let post = try RoomValidation.decode(ResultsPost.self, from: body)
        try RoomValidation.check(post)
        XCTAssertEqual(post.results.map(\.cause), [nil, nil])
        var state = try RoomFixtures.stateWith("attendee-1")
        XCTAssertEqual(try state.post(post, catalog: catalog, now: start), 2)
        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        XCTAssertEqual(snapshot.exercises[0].causes.map(\.cause), [RoomLessons.unnamedTiming])
        XCTAssertEqual(snapshot.exercises[0].causes.first?.lesson, RoomLessons.lesson(RoomLessons.unnamedTiming).text)
        XCTAssertEqual(snapshot.exercises[0].causes.first?.timing, true)
        XCTAssertEqual(snapshot.exercises[0].rejected, 1)
        XCTAssertEqual(snapshot.exercises[1].causes, [])
        XCTAssertEqual(snapshot.exercises[1].rejected, 0)
        // A state saved before causes existed loads as it was.
        let saved = try JSONEncoder().encode(state)
        XCTAssertEqual(try JSONDecoder().decode(RoomState.self, from: saved), state)
    }

    func testACauseOnAnotherVerdictIsDroppedAndAnUnknownOneIsExplainedInGeneralWords() throws {
        let snapshot = try room([
            [.init(id: "first", verdict: .failing, seq: 1, cause: "deadline"),
             .init(id: "second", verdict: .flaky, seq: 2, cause: "a-newer-cause")],
        ])
        XCTAssertEqual(snapshot.exercises[0].causes, [])
        XCTAssertNil(snapshot.attendees[0].results["first"]?.cause)
        XCTAssertEqual(snapshot.exercises[1].causes.map(\.cause), ["a-newer-cause"])
        XCTAssertEqual(snapshot.exercises[1].causes.first?.title, "rejects correct code")
        XCTAssertEqual(snapshot.attendees[0].results["second"]?.cause, "a-newer-cause")
        XCTAssertTrue(snapshot.csv().contains(",flaky,,"))
        XCTAssertTrue(snapshot.csv().contains(",false,a-newer-cause\r\n"))
    }

    func testACauseThatIsNoNameIsRefused() {
        let post = RoomFixtures.post("attendee-1", [.init(id: "first", verdict: .flaky, seq: 1, cause: "<b>late</b>")])
        XCTAssertThrowsError(try RoomValidation.check(post)) { XCTAssertEqual(($0 as? RoomError)?.status, 422) }
    }

    func testTheCauseTravelsThroughTheOutboxAndAMergeOfResultsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("room-cause-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = RoomLink(stateDirectory: folder)
        try link.save(RoomMembership(room: URL(string: "http://127.0.0.1:9")!, code: RoomFixtures.code, name: "Ana",
                                     attendee: "attendee-1", token: RoomFixtures.token("attendee-1")))
        _ = link.send([GradedExercise(id: "first", verdict: .rejectsCorrectCode, missed: [], perturbed: true, cause: "deadline")], timeout: 0.5)
        XCTAssertEqual(link.outbox.map(\.cause), ["deadline"])

        let (state, _) = OfflineRoom.merge([OfflineRoom.Machine(attendee: "Ana", generatedAt: start, results: [
            GradedExercise(id: "first", verdict: .rejectsCorrectCode, missed: [], perturbed: true, cause: "deadline"),
            GradedExercise(id: "second", verdict: .rejectsCorrectCode, missed: [], perturbed: true),
        ])], catalog: catalog)
        let snapshot = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        XCTAssertEqual(snapshot.exercises.map { $0.causes.map(\.cause) }, [["deadline"], [RoomLessons.unnamedTiming], []])
    }

    /// The page takes each exercise's lesson from the snapshot, and ranks its line with the
    /// planted bugs by the desks rejected; Scripts/room-check.py browser sees it drawn.
    func testThePageExplainsByTheSnapshotsCause() {
        let page = RoomPage.html
        XCTAssertTrue(page.contains("e.causes[0]"), "the most common cause leads")
        XCTAssertTrue(page.contains("e.rejected"), "ranked by the desks rejected")
    }
}
