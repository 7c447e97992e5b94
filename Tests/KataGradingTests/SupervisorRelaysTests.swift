import Foundation
import XCTest
import KataGradingCore
import KataTestSupport

/// A run's report is parsed by the run stage, in the grader, not in the supervisor's process
/// (issue 34): the supervisor's files name none of the parsers, only the relay they are fed from.
final class SupervisorRelaysTests: XCTestCase {
    func test_theSupervisorsProcessNamesNoParser() throws {
        let process = KataCheckout.root
            .appendingPathComponent("Sources/KataGrading/Process")
        let parsers: Set<String> = ["XCTestRecords", "SwiftTestingStream", "OutputFacts", "RunReading", "RunReport", "RunSummary",
                                    "TestOutputParser", "LateChecks", "LineReader"]
        var relays = false
        for name in try FileManager.default.contentsOfDirectory(atPath: process.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: process.appendingPathComponent(name), encoding: .utf8)
            // Names in code only: a comment may say where the parsing went.
            let named = Set(SwiftTokens.tokens(in: text).filter { $0.kind == .identifier }.map(\.text))
            XCTAssertEqual(named.intersection(parsers), [], "\(name) names a parser")
            // The supervisor's process: Supervisor.swift and the command it runs (SupervisedCommand).
            if name == "Supervisor.swift" || name == "SupervisedCommand.swift" { relays = relays || named.contains("RunRelay") }
        }
        XCTAssertTrue(relays, "the supervisor relays what it reads (RunRelay)")
    }
}
