import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// `grade.sh --json` against docs/results-json.md's field table (`ResultsSchema`): what every
/// verdict writes, and what the check says of a file that departs from the table, one way each.
final class ResultsSchemaTests: XCTestCase {
    let root = KataCheckout.root
    let report = ReportFixtures.self

    func schema() throws -> ResultsSchema {
        ResultsSchema(doc: try String(contentsOf: root.appendingPathComponent("docs/results-json.md"), encoding: .utf8))
    }

    func test_theDocsExample_andTheKatasCheck_pass() throws {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/results-json.md"), encoding: .utf8)
        XCTAssertEqual(try schema().problems(Data(try XCTUnwrap(ResultsSchema.example(in: doc)).utf8), name: "example"), [])
        XCTAssertEqual(MaintainerCheck(paths: KataPaths(root: root)).resultsFiles([]).problems, [])
    }

    func test_everyVerdict_bothTracks_andAnError_writeWhatTheDocSays() throws {
        let c = try report.catalog(), schema = try schema()
        for kind in Verdict.Kind.allCases {
            var verdict = Verdict(kind: kind, reason: "why")
            verdict.seconds = kind == .done ? 0.25 : nil
            let results = [report.result(c.exercises[0], c, verdict),
                           report.result(c.exercises[2], c, Verdict(kind: .failing, reason: "x")),
                           report.result(c.exercises[2].tracks[1], c, Verdict(kind: .done, reason: ""))]
            let data = JSONReport(results: results, source: "exercises").encoded()
            XCTAssertEqual(schema.problems(data, name: kind.rawValue), [], kind.rawValue)
        }
        XCTAssertEqual(schema.problems(JSONReport.error("no Package.swift", source: "exercises").encoded(), name: "error"), [])
    }

    func test_aFileThatDepartsFromTheTable_isToldWhereEachTime() throws {
        let c = try report.catalog(), schema = try schema()
        let good = try JSONSerialization.jsonObject(with: JSONReport(results: [report.result(c.exercises[0], c, Verdict(kind: .failing, reason: "r"))],
                                                                     source: "exercises").encoded()) as! [String: Any]
        func entry(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            { file in var entries = file["exercises"] as! [[String: Any]]; change(&entries[0]); file["exercises"] = entries }
        }
        let plants: [(String, (inout [String: Any]) -> Void)] = [
            ("f.version: missing (documented as number)", { $0["version"] = nil }),
            ("f.extra: not documented in docs/results-json.md", { $0["extra"] = 2 }),
            ("f.version: \"1\" is not number", { $0["version"] = "1" }),
            ("f.exercises[0].perturbed: 0 is not boolean", entry { $0["perturbed"] = 0 }),
            ("f.exercises[0].seconds: null is not number", entry { $0["seconds"] = NSNull() }),
            ("f.exercises[0].status: \"won\" is not a verdict", entry { $0["status"] = "won" }),
            ("f.status: \"ok\" is not pass, fail or error", { $0["status"] = "ok" }),
            ("f.message: must be a string exactly when status is error", { $0["message"] = "m" }),
            ("f.total: 2 but 1 exercises that count", { $0["total"] = 2 }),
            ("f.done: does not count the done exercises", { $0["done"] = 1 }),
            ("f.exercises[0].chaffs.missed: an array is not array of strings", entry { $0["chaffs"] = ["caught": 0, "total": 1, "missed": [1]] }),
        ]
        for (said, plant) in plants {
            var file = good
            plant(&file)
            let problems = schema.problems(try JSONSerialization.data(withJSONObject: file), name: "f")
            XCTAssertTrue(problems.contains(said), "\(said) in \(problems)")
        }
        let twoTracks = JSONReport(results: [report.result(c.exercises[2], c, Verdict(kind: .failing, reason: "x")),
                                             report.result(c.exercises[2].tracks[1], c, Verdict(kind: .done, reason: ""))], source: "exercises")
        var disagreeing = twoTracks
        disagreeing.exercises[1].exerciseStatus = Verdict.Kind.failing
        XCTAssertTrue(schema.problems(disagreeing.encoded(), name: "f").contains("f: the entries of p-three disagree on exerciseStatus"))
        disagreeing.exercises[0].exerciseStatus = Verdict.Kind.failing
        XCTAssertTrue(schema.problems(disagreeing.encoded(), name: "f").contains("f: p-three has a done track, so its exerciseStatus must be done"))
        XCTAssertEqual(ResultsSchema(doc: "no table").problems(Data("{}".utf8), name: "f"), ["docs/results-json.md: found no field table"])
    }

    /// The doctor's report against docs/doctor-json.md's table, as `--check FILE…` tells it from a
    /// results file: by its `grades`.
    func test_aDoctorReport_isHeldToItsOwnDocsTable() throws {
        let machine = DoctorReport.Machine(system: "linux", simulated: false, os: "Linux", swift: nil, swiftVersionOutput: nil,
                                           developerDirectory: nil, cores: 2, freeBytes: nil, shell: nil, checkout: "/k", kataCommit: nil)
        let grade = DoctorReport.Grade(exercise: "e", framework: "xctest", suite: "solution", expected: .done, verdict: nil, status: "skipped",
                                       route: nil, message: nil, command: "c", lastLines: [])
        let report = DoctorReport(ready: true, summary: "kata-doctor READY", attendee: "a", host: "h", generatedAt: "t", seconds: 1, machine: machine,
                                  checks: [.init(name: "disk", status: "ok", found: "40 GB", fix: nil)], grades: [grade], fallback: [])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = MaintainerCheck(paths: KataPaths(root: root))
        func checked(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> [String] {
            var object = try JSONSerialization.jsonObject(with: report.encoded()) as! [String: Any]
            change(&object)
            let file = folder.appendingPathComponent("doctor.json")
            try JSONSerialization.data(withJSONObject: object).write(to: file)
            return check.resultsFiles([file.path]).problems.map { $0.replacingOccurrences(of: file.path, with: "f") }
        }
        XCTAssertEqual(try checked(), [])
        XCTAssertTrue(try checked { $0["machine"] = ["system": "linux"] }.contains("f.machine.checkout: missing (documented as string)"))
        XCTAssertTrue(try checked { var m = $0["machine"] as! [String: Any]; m["gpu"] = "x"; $0["machine"] = m }
            .contains("f.machine.gpu: not documented in docs/doctor-json.md"))
        XCTAssertTrue(try checked { $0["checks"] = [["name": "disk", "status": "ok", "found": "x", "fix": 3]] }.contains("f.checks[0].fix: 3 is not string or null"))
        XCTAssertTrue(try checked { $0["ready"] = "yes" }.contains("f.ready: \"yes\" is not boolean"))
    }
}
