import XCTest
import KataRoom
@testable import KataGrading
@testable import KataGradingCore

/// A verdict that a generated perturbation made (`Verdict.perturbationSeed`) is flagged wherever
/// the grade leaves the grader for the room: what `--join` sends, the kept last grade a join sends
/// again, and the `--json` results file that `--merge` reads (older files, without the flag, still
/// read).
final class PerturbedFlagTests: XCTestCase {
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

    /// p-one rejected by a timing change (seed 41872), p-two by a hand-written correct variant.
    func results(_ catalog: Catalog) -> [ExerciseResult] {
        var perturbed = Verdict(kind: .rejectsCorrectCode, reason: "fails on the real code when it takes its time within what it promises")
        perturbed.perturbationSeed = 41872
        let written = Verdict(kind: .rejectsCorrectCode, reason: "fails on a correct version of the code.")
        return [ExerciseResult(exercise: catalog.exercises[0], pattern: catalog.pattern(of: catalog.exercises[0]), verdict: perturbed, seconds: 1),
                ExerciseResult(exercise: catalog.exercises[1], pattern: catalog.pattern(of: catalog.exercises[1]), verdict: written, seconds: 1)]
    }

    func test_whatAGradeSendsToTheRoom_flagsTheVerdictsATimingChangeMade() throws {
        let graded = RoomCommands.graded(results(try catalog()))
        XCTAssertEqual(graded.map(\.id), ["p-one", "p-two"])
        XCTAssertEqual(graded.map(\.perturbed), [true, false])
    }

    func test_theKeptLastGrade_sendsTheFlagAgainOnAJoin() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = KataPaths(root: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".kata"), withIntermediateDirectories: true)
        LastGrade.record(results(try catalog()), paths)
        let room = RoomCatalog(exercises: [.init(id: "p-one", title: "One", pattern: "p", frameworks: ["xctest"]),
                                           .init(id: "p-two", title: "Two", pattern: "p", frameworks: ["xctest"])])
        XCTAssertEqual(RoomCommands.lastVerdicts(paths, catalog: room).map(\.perturbed), [true, false])
    }

    func test_theResultsFile_alwaysSaysIt_andAnOlderFileWithoutItStillReads() throws {
        let report = JSONReport(results: results(try catalog()), source: "exercises", attendee: Attendee(name: "Ana", host: "h"))
        let object = try JSONSerialization.jsonObject(with: report.encoded()) as! [String: Any]
        let entries = object["exercises"] as! [[String: Any]]
        XCTAssertEqual(entries.map { $0["perturbed"] as? Bool }, [true, false], "written for every entry, false included")

        var older = object
        older["exercises"] = entries.map { $0.filter { $0.key != "perturbed" } }
        let olderData = try JSONSerialization.data(withJSONObject: older)
        XCTAssertFalse(String(decoding: olderData, as: UTF8.self).contains("perturbed"))
        let decoded = try JSONDecoder().decode(JSONReport.self, from: olderData)
        XCTAssertEqual(decoded.exercises.map(\.perturbed), [nil, nil], "an older grader's file: read as not perturbed")
    }
}
