import XCTest
@testable import KataRoom
import KataVerdicts

/// A room without a network: results files merged into the room's own state, snapshot and page.
final class OfflineRoomTests: XCTestCase {
    let catalog = RoomCatalog(exercises: [
        .init(id: "first", title: "First", pattern: "mocking", bugHints: ["never-calls": "It never calls back."],
              frameworks: ["xctest", "swift-testing"]),
        .init(id: "second", title: "Second", pattern: "mocking", bugHints: ["wrong-url": "The URL is wrong."], frameworks: ["xctest"]),
    ])
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func machine(_ name: String, at minutes: Double, _ results: [GradedExercise]) -> OfflineRoom.Machine {
        OfflineRoom.Machine(attendee: name, generatedAt: start.addingTimeInterval(minutes * 60), results: results)
    }

    func test_twoTracksOfOneExercise_stayTwo_andDoneInEitherIsDone() throws {
        let (state, notes) = OfflineRoom.merge([machine("Ana", at: 0, [
            GradedExercise(id: "first", verdict: .missesBugs, missed: ["never-calls"], framework: "xctest"),
            GradedExercise(id: "first", verdict: .done, missed: [], framework: "swift-testing"),
        ])], catalog: catalog)
        XCTAssertEqual(notes, [])
        let room = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        let result = try XCTUnwrap(room.attendees.first?.results["first"])
        XCTAssertEqual(result.verdict, .done)
        XCTAssertEqual(result.tracks.map(\.verdict), [.missesBugs, .done])
        XCTAssertEqual(room.exercises[0].mostMissed.map(\.bug), ["never-calls"], "a track that misses a bug still counts it")
        XCTAssertNil(room.attendees.first?.current, "the room's rule: the first exercise with a result not done")
        XCTAssertFalse(room.attendees.first?.stuck ?? true)
    }

    func test_oneAttendeesNewerFile_replacesTheOlderTrack_whateverTheOrderGiven() throws {
        let newer = machine("Bruno", at: 30, [GradedExercise(id: "first", verdict: .done, missed: [], framework: "xctest")])
        let older = machine("Bruno", at: 0, [GradedExercise(id: "first", verdict: .failing, missed: [], framework: "xctest"),
                                             GradedExercise(id: "second", verdict: .hangs, missed: [], framework: "xctest")])
        for order in [[newer, older], [older, newer]] {
            let (state, _) = OfflineRoom.merge(order, catalog: catalog)
            XCTAssertEqual(state.attendees.count, 1)
            let row = try XCTUnwrap(state.attendees.first)
            XCTAssertEqual(row.headline("first")?.verdict, .done)
            XCTAssertEqual(row.headline("second")?.verdict, .hangs, "a track only the older file has is kept")
        }
    }

    func test_whatThisKataCannotPlace_isLeftOutAndSaid() {
        let (state, notes) = OfflineRoom.merge([machine("Chloé", at: 0, [
            GradedExercise(id: "gone", verdict: .done, missed: []),
            GradedExercise(id: "second", verdict: .done, missed: [], framework: "swift-testing"),
            GradedExercise(id: "first", verdict: .missesBugs, missed: ["never-calls", "renamed-bug"], framework: "xctest"),
        ])], catalog: catalog)
        XCTAssertEqual(notes.count, 3, "\(notes)")
        XCTAssertEqual(state.attendees.first?.results.keys.sorted(), ["first@xctest"])
        XCTAssertEqual(state.mostMissed("first").map(\.bug), ["never-calls"])
    }

    func test_thePage_carriesTheRoomAsData_andAsksNoServer() {
        let (state, _) = OfflineRoom.merge([machine("</script><script>alert(1)</script>\u{2028}", at: 0, [])], catalog: catalog)
        let room = RoomSnapshot(state: state, catalog: catalog, stuckAfterMinutes: 10, now: start)
        let page = OfflineRoom.page(room, note: "Merged from 1 file.")
        XCTAssertEqual(page.components(separatedBy: "</script>").count, 2, "only the page's own script closes")
        XCTAssertFalse(page.contains("\u{2028}"))
        XCTAssertTrue(page.contains("const OFFLINE = {\"room\": {"))
        XCTAssertTrue(page.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        XCTAssertFalse(RoomPage.html.contains("http-equiv"), "the live page's policy comes from the server")
    }
}
