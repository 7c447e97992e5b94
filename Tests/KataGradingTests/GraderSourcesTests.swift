import Foundation
import XCTest
import KataTestSupport

/// `Scripts/grade.sh` rebuilds the grader only when a file it lists changes: it must list every
/// module the grader is built from, or an edit there would be graded by a stale grader.
final class GraderSourcesTests: XCTestCase {
    func test_gradeShListsEveryModuleTheGraderIsBuiltFrom() throws {
        let root = KataCheckout.root
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

    /// What attendees read and edit (the teaching modules in Sources/, the starters in Exercises/)
    /// holds no trace of grading: no variant's name, no chaff or wheat, none of the grader's switches.
    func test_noTraceOfGrading_inTheTeachingSourcesOrTheStarters() throws {
        let root = KataCheckout.root
        let trace = try NSRegularExpression(pattern: "chaff|wheat|mutant|KATA_VARIANT|KATA_RUN|_KataVariant", options: .caseInsensitive)
        var read = 0
        for folder in ["Sources", "Exercises"] {
            let walk = try XCTUnwrap(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
            while let path = walk.nextObject() as? String {
                guard path.hasSuffix(".swift"), !(folder == "Sources" && path.hasPrefix("KataGrad")) else { continue }
                let text = try String(contentsOf: root.appendingPathComponent("\(folder)/\(path)"), encoding: .utf8)
                read += 1
                if let found = trace.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), let word = Range(found.range, in: text) {
                    XCTFail("\(folder)/\(path) holds a trace of grading: \(text[word])")
                }
            }
        }
        XCTAssertGreaterThan(read, 50, "the teaching sources and the starters were read")
    }
}
