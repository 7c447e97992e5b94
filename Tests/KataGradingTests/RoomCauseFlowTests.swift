import XCTest
import KataRoom
@testable import KataGrading
@testable import KataGradingCore

/// The cause a grade names for a rejection (`Verdict.cause`) reaches the room by every road: what
/// `--join` sends after a grade, the kept last grade a join sends again, and a results file that
/// `--merge` reads (an older file, without it, still reads); and the room has its own lesson for
/// each cause the grader names (RoomCauseTests has the room's side).
final class RoomCauseFlowTests: XCTestCase {
    func catalog() throws -> Catalog {
        let json = """
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [
               {"id": "p-one", "pattern": "p", "title": "One", "files": ["One.swift"], "hint": "h1"},
               {"id": "p-two", "pattern": "p", "title": "Two", "files": ["Two.swift"], "hint": "h2"}
             ]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID()).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Catalog.load(from: url)
    }

    /// p-one rejected by a timing change whose deadline ran out, p-two by a written correct
    /// version that shares state; `named: false`, the same as a grader before causes had them.
    func results(named: Bool = true) throws -> [ExerciseResult] {
        let catalog = try catalog()
        var timed = Verdict(kind: .rejectsCorrectCode, reason: "fails on the real code when it takes its time within what it promises")
        timed.perturbationSeed = 41872
        var written = Verdict(kind: .rejectsCorrectCode, reason: "fails on a correct version of the code.")
        if named {
            timed.cause = .deadline
            written.cause = .sharedState
        }
        return [ExerciseResult(exercise: catalog.exercises[0], pattern: catalog.pattern(of: catalog.exercises[0]), verdict: timed, seconds: 1),
                ExerciseResult(exercise: catalog.exercises[1], pattern: catalog.pattern(of: catalog.exercises[1]), verdict: written, seconds: 1)]
    }

    func test_aGradeSendsEachRejectionsCause() throws {
        XCTAssertEqual(RoomCommands.graded(try results()).map(\.cause), ["deadline", "shared-state"])
        XCTAssertEqual(RoomCommands.graded(try results(named: false)).map(\.cause), [nil, nil])
    }

    func test_theKeptLastGradeSendsItAgainOnAJoin() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = KataPaths(root: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".kata"), withIntermediateDirectories: true)
        LastGrade.record(try results(), paths)
        let room = RoomCatalog(exercises: [.init(id: "p-one", title: "One", pattern: "p", frameworks: ["xctest"]),
                                           .init(id: "p-two", title: "Two", pattern: "p", frameworks: ["xctest"])])
        XCTAssertEqual(RoomCommands.lastVerdicts(paths, catalog: room).map(\.cause), ["deadline", "shared-state"])
    }

    func test_aResultsFileCarriesItAndAnOlderOneWithoutItStillReads() throws {
        let report = JSONReport(results: try results(), source: "exercises", attendee: Attendee(name: "Ana", host: "h"))
        XCTAssertEqual(try JSONDecoder().decode(JSONReport.self, from: report.encoded()).exercises.map(\.cause), ["deadline", "shared-state"])
        let object = try JSONSerialization.jsonObject(with: report.encoded()) as! [String: Any]
        var older = object
        older["exercises"] = (object["exercises"] as! [[String: Any]]).map { $0.filter { $0.key != "cause" } }
        let decoded = try JSONDecoder().decode(JSONReport.self, from: try JSONSerialization.data(withJSONObject: older))
        XCTAssertEqual(decoded.exercises.map(\.cause), [nil, nil])
    }

    /// grade.sh --merge prints Explain next's rejection lines: the desks, the most common cause's
    /// title and lesson, the other causes counted.
    func test_theMergedRoomOnATerminalTeachesTheMostCommonCause() throws {
        let room = RoomCatalog(exercises: [.init(id: "p-one", title: "One", pattern: "p", frameworks: ["xctest"])])
        var state = RoomState(code: "OFFLINE")
        for (index, cause) in ["deadline", "assumed-time", "deadline"].enumerated() {
            let id = "attendee-\(index + 1)"
            let token = String(repeating: "t", count: 16) + "\(index)"
            _ = try state.join(JoinRequest(code: "OFFLINE", attendee: id, token: token, name: "A\(index)"), now: Date())
            try state.post(ResultsPost(code: "OFFLINE", attendee: id, token: token, results: [
                .init(id: "p-one", verdict: .rejectsCorrectCode, seq: 1, framework: "xctest", perturbed: true, cause: cause)]),
                catalog: room, now: Date())
        }
        let snapshot = RoomSnapshot(state: state, catalog: room, stuckAfterMinutes: 10, now: Date())
        let lines = RoomReport(style: Style(color: false, symbols: true, width: 400)).rejections(snapshot)
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertEqual(lines[1], "  ◷ 3 rejected in #1 p-one: deadline too short (2 of 3; checks at a fixed time: 1)")
        XCTAssertEqual(lines[2].trimmingCharacters(in: .whitespaces), RoomLessons.lesson("deadline").text)
        XCTAssertEqual(RoomReport(style: .plain).rejections(RoomSnapshot(state: RoomState(code: "OFFLINE"), catalog: room,
                                                                          stuckAfterMinutes: 10, now: Date())), [])
    }

    /// Every cause the judge names has a lesson of its own in the room, never the general words
    /// kept for a newer grader's cause.
    func test_everyCauseTheJudgeNamesHasItsOwnLessonInTheRoom() {
        let general = RoomLessons.lesson("a-cause-nobody-names")
        let causes: [Verdict.Cause] = [.deadline, .assumedTime, .noRoom, .order, .sharedState, .form, .count, .input]
        for cause in causes {
            switch cause {  // a new cause fails to compile here until it is listed (and given a lesson)
            case .deadline, .assumedTime, .noRoom, .order, .sharedState, .form, .count, .input: break
            }
            XCTAssertNotEqual(RoomLessons.lesson(cause.rawValue), general, cause.rawValue)
            XCTAssertTrue(RoomLessons.order.contains(cause.rawValue), cause.rawValue)
        }
    }
}
