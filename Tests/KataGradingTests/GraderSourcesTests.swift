import Foundation
import XCTest

/// `Scripts/grade.sh` rebuilds the grader only when a file it lists changes: it must list every
/// module the grader is built from, or an edit there would be graded by a stale grader.
final class GraderSourcesTests: XCTestCase {
    func test_gradeShListsEveryModuleTheGraderIsBuiltFrom() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let script = try String(contentsOf: root.appendingPathComponent("Scripts/grade.sh"), encoding: .utf8)

        // `.target(name: "A", dependencies: ["B", "C"]` and the like, as the manifest spells the grader's.
        let target = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var dependencies: [String: [String]] = [:]
        for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 1), in: manifest)!])
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            dependencies[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" \n")) }
        }
        var modules: Set<String> = []
        var queue = ["KataGrader"]
        while let module = queue.popLast() {
            guard modules.insert(module).inserted else { continue }
            queue += dependencies[module] ?? []
        }
        XCTAssertTrue(modules.isSuperset(of: ["KataGrading", "KataGradingCore", "KataVerdicts"]), "\(modules)")
        for module in modules {
            XCTAssertTrue(script.contains("\"$root/Sources/\(module)\""), "grade.sh's grader_sources misses Sources/\(module)")
        }
    }
}
