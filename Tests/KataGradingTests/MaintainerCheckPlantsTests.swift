import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// `grade.sh --check` made to fail: a copy of what the check reads (the kata's own files), one
/// inconsistency planted per copy, and the check that must name it. The copy as taken passes every
/// check, so that no plant passes by a failure it did not cause.
final class MaintainerCheckPlantsTests: XCTestCase {
    let root = KataCheckout.root
    var copy: URL!

    override func setUpWithError() throws {
        copy = FileManager.default.temporaryDirectory.appendingPathComponent("check-plants-\(UUID().uuidString)")
        for item in ["Package.swift", "README.md", "Catalog", "Exercises", "Solutions", "Sources", "docs", "Tests/Fixtures", "Scripts/grade.sh"] {
            let target = copy.appendingPathComponent(item)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: target)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(at: copy) }

    func failing() -> [String] { MaintainerCheck(paths: KataPaths(root: copy)).run().filter { !$0.ok }.map(\.name) }

    /// The files below `folder` whose name ends with `suffix`, in order.
    func files(_ folder: String, _ suffix: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: copy.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }

    func text(_ file: String) throws -> String { try String(contentsOf: copy.appendingPathComponent(file), encoding: .utf8) }
    func write(_ file: String, _ text: String) throws { try Data(text.utf8).write(to: copy.appendingPathComponent(file)) }
    func replace(_ file: String, _ old: String, _ new: String, all: Bool = false) throws {
        let text = try text(file)
        guard let range = text.range(of: old) else { return XCTFail("\(file) has no \(old)") }
        try write(file, all ? text.replacingOccurrences(of: old, with: new) : text.replacingCharacters(in: range, with: new))
    }
    /// Each line of `file` through `change` (nil drops it).
    func lines(_ file: String, _ change: (String) -> String?) throws {
        try write(file, try text(file).components(separatedBy: "\n").compactMap(change).joined(separator: "\n"))
    }
    func copyFile(_ file: String, to other: String) throws {
        try FileManager.default.copyItem(at: copy.appendingPathComponent(file), to: copy.appendingPathComponent(other))
    }

    func test_eachPlantedInconsistency_failsItsCheck() throws {
        XCTAssertEqual(failing(), [], "the copy as taken passes every check")
        let catalog = try Catalog.load(from: copy.appendingPathComponent("Catalog/catalog.json"))
        // The test file of the first track that has only one file (its TODO is the track's only one).
        let one = try XCTUnwrap(catalog.allTracks.first { $0.files.count == 1 })
        let firstTest = "\(one.module)/\(one.files[0])"
        let chaff = try XCTUnwrap(try files("Catalog/Variants", ".chaff").first)
        let point = try XCTUnwrap(try files("Catalog/Variants", ".point").first)
        let timedWheat = try XCTUnwrap(try files("Catalog/Variants", ".wheat").first { try text($0).contains("\nwithin:") || text($0).hasPrefix("within:") })
        let hinted = try XCTUnwrap(try files("Catalog/Variants", ".chaff").first { try text($0).contains("\nhint@xctest:") })
        let expected = try files("Tests/Fixtures", "/expected")
        let why = { (line: String) in line.hasPrefix("why:") }
        let firstSource = try XCTUnwrap(try files("Sources/\(one.module)", ".swift").first { try text($0).contains("import Foundation") })

        let plants: [(String, String, () throws -> Void)] = [
            ("an unused variant file", "variants", { try self.copyFile(chaff, to: chaff.replacingOccurrences(of: ".chaff", with: "-unused.chaff")) }),
            ("a listed variant that does not exist", "variants", { try self.replace("Catalog/catalog.json", "\"chaffs\": [", "\"chaffs\": [\"no-such-chaff\", ") }),
            ("a starter without its solution", "mirror", { try FileManager.default.removeItem(at: self.copy.appendingPathComponent("Solutions/\(firstTest)")) }),
            ("a pattern missing from Package.swift", "mirror", { try self.replace("Package.swift", "Pattern(module: \"", "Pattern(module: \"Renamed") }),
            ("a starter without its TODO", "starters", { try self.replace("Exercises/\(firstTest)", "// TODO:", "// Note:", all: true) }),
            ("a file that does not name its exercise", "starters", { try self.replace("Solutions/\(firstTest)", "// Exercise ", "// Lesson ") }),
            ("a wheat no fixture shows rejecting anything", "wheats", { try expected.forEach { try self.lines($0) { $0.hasPrefix("rejected-by:") ? nil : $0 } } }),
            ("a fixture with an unknown verdict", "fixtures", { try self.write(expected[0], "mostly done\n") }),
            ("a fixture that does not say why it is weak", "fixtures", { try self.lines(expected[0]) { why($0) ? nil : $0 } }),
            ("two fixtures that give the same reason", "fixtures", {
                let reason = try XCTUnwrap(try self.text(expected[0]).components(separatedBy: "\n").first(where: why))
                try self.lines(expected[1]) { why($0) ? reason : $0 }
            }),
            ("an exercise that states no perturbation contract", "perturbations", { try self.replace("Catalog/catalog.json", "\"perturbs\":", "\"perturbz\":") }),
            ("a point no exercise perturbs", "perturbations", { try self.copyFile(point, to: point.replacingOccurrences(of: ".point", with: "-unused.point")) }),
            ("a point whose lines are not in its file", "perturbations", {
                try self.lines(point) { ($0.hasPrefix("-") || $0.hasPrefix(" ")) && $0.dropFirst().contains { $0 != " " } ? $0 + " // moved" : $0 }
            }),
            ("a timing wheat within no point", "perturbations", { try self.lines(timedWheat) { $0.hasPrefix("within:") ? nil : $0 } }),
            ("a timing wheat outside its point's contract", "perturbations", {
                try self.lines(timedWheat) { line in
                    guard line.hasPrefix("within: ") else { return line }
                    let words = line.split(separator: " ")
                    return ([words[0], words[1], "99999"] + words.dropFirst(3)).joined(separator: " ")
                }
            }),
            ("a Swift Testing tool in an XCTest track's bug hint", "hints", {
                try self.lines(hinted) { $0.hasPrefix("hint@xctest: ") ? "hint@xctest: count the calls with confirmation(expectedCount:)." : $0 }
            }),
            ("an XCTest tool in a Swift Testing track's bug hint", "hints", {
                try self.lines(hinted) { $0.hasPrefix("hint@swift-testing: ") ? "hint@swift-testing: fulfil an XCTestExpectation, then wait(for:timeout:)." : $0 }
            }),
            ("one framework's tool in the room's hint of a two-track bug", "hints", {
                try self.lines(hinted) { $0.hasPrefix("hint: ") ? "hint: count the calls with #expect." : $0 }
            }),
            ("an XCTest tool in a Swift Testing track's exercise hint", "hints", {
                try self.replace("Catalog/catalog.json", "\"framework\": \"swift-testing\",", "\"framework\": \"swift-testing\", \"hint\": \"Use XCTestExpectation.\",")
            }),
            ("a verdict missing from README's table", "readme", { try self.lines("README.md") { $0.hasPrefix("| **flaky**") ? nil : $0 } }),
            ("a verdict missing from docs/results-json.md", "readme", { try self.replace("docs/results-json.md", ", `flaky`, ", ", ") }),
            ("a verdict missing from the instructors' key to the grid", "readme", { try self.replace("docs/INSTRUCTORS.md", " ~ flaky,", ",", all: true) }),
            ("a stale exercise index", "readme", { try self.replace("README.md", "\n| 1 | `", "\n| 1 | `stale-") }),
            ("a count sentence the catalog no longer has", "readme", { try self.replace("docs/INSTRUCTORS.md", "`0/", "`0/1") }),
            ("Catalog/README.md's example edited by hand", "readme", { try self.replace("Catalog/README.md", "\"id\": \"mocking-request\"", "\"id\": \"mocking-requests\"") }),
            ("a generated doc's end marker lost", "readme", { try self.replace("docs/INSTRUCTORS.md", "<!-- grid-key:end -->", "") }),
            ("a stale Catalog/sources.json", "sources", { try self.replace(firstSource, "import Foundation", "import Foundation // edited") }),
            ("a field of docs/results-json.md's example its table does not list", "results-json", {
                try self.replace("docs/results-json.md", "\"version\": 1,", "\"version\": 1, \"extra\": 2,")
            }),
        ]
        let saved = try snapshot()
        for (name, check, plant) in plants {
            try plant()
            // Every other plant is a maintainer's edit recorded with Scripts/regenerate.sh, as
            // Catalog/README.md says: a record left stale is a plant of its own.
            if check != "readme", let planted = try? Catalog.load(from: copy.appendingPathComponent("Catalog/catalog.json")) {
                try GeneratedDocs.refresh(root: copy, catalog: planted)
            }
            if check != "sources" { _ = try ShippedKata.record(KataPaths(root: copy)) }
            XCTAssertEqual(failing(), [check], "\(name): only the \(check) check fails")
            // Put the copy back as taken for the next plant.
            let now = try snapshot()
            for path in now.keys where saved[path] == nil { try FileManager.default.removeItem(at: copy.appendingPathComponent(path)) }
            for (path, data) in saved where now[path] != data { try data.write(to: copy.appendingPathComponent(path)) }
        }
    }

    /// Every file of the copy and its bytes.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: copy.path) {
            var folder: ObjCBool = false
            let url = copy.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), !folder.boolValue { files[path] = try Data(contentsOf: url) }
        }
        return files
    }
}
