import Foundation
import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// The grader's readers of what SwiftPM prints, on real output (the golden files of
/// `Tests/KataGradingCoreTests/Golden`, every toolchain recorded; its README says how to record them).
final class SwiftPMOutputGoldenTests: XCTestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../KataGradingCoreTests/Golden").standardizedFileURL

    /// `(version, text)` of every `<what>-<version>.<ext>`.
    static func recordings(_ what: String, _ ext: String) -> [(version: String, text: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
        return names.sorted().compactMap { name in
            guard name.hasPrefix(what + "-"), name.hasSuffix("." + ext) else { return nil }
            let version = String(name.dropFirst(what.count + 1).dropLast(ext.count + 1))
            guard version.allSatisfy({ $0.isNumber || $0 == "." }),
                  let text = try? String(contentsOf: golden.appendingPathComponent(name), encoding: .utf8) else { return nil }
            return (version, text)
        }
    }

    /// The build's progress line shows SwiftPM's last `[done/total]`, whatever the compiler printed
    /// after it (an error quoting code with brackets in it, say).
    func test_theProgressLine_showsTheLastStepOfEveryRecordedBuild() {
        // 6.2.3's logs, recorded by hand once; in a recorder's, the last line that starts with a counter.
        let expected: [String: String] = [
            "compile-error-6.2.3": "[3/12]", "macro-expansion-6.2.3": "[3/12]", "link-error-6.2.3": "[1/2]", "nested-test-class-6.2.3": "[36/42]",
        ]
        var seen = 0
        for kind in ["ok", "compile-error", "macro-expansion", "link-error", "nested-test-class"] {
            for recording in Self.recordings("swiftpm-build-\(kind)", "log") {
                let key = "\(kind)-\(recording.version)"
                let last = recording.text.split(separator: "\n").last { $0.hasPrefix("[") && $0.contains("/") && $0.contains("] ") }
                    .map { String($0.prefix { $0 != " " }) }
                XCTAssertEqual(BuildProgress.lastStep(in: recording.text), expected[key] ?? last, key)
                seen += 1
            }
        }
        XCTAssertGreaterThanOrEqual(seen, expected.count + 5)
        XCTAssertNil(BuildProgress.lastStep(in: "Building for debugging...\n"))
    }

    /// What `swift test` prints, read as the SwiftPM route reads it: the exit status, and the first
    /// failure line for the message (`swift-test-<framework>-<version>.txt`, recorded with the
    /// route's own arguments, the XCTest run with its planted bug on).
    func test_theSwiftPMRoute_readsWhatSwiftTestPrints() {
        let xctest = Self.recordings("swift-test-xctest", "txt")
        let swiftTesting = Self.recordings("swift-test-swift-testing", "txt")
        XCTAssertFalse(xctest.isEmpty || swiftTesting.isEmpty)
        for recording in xctest {
            let outcome = SwiftPMRoute.outcome(of: ProcessResult(termination: .exited(1), seconds: 1, output: recording.text),
                                               framework: .xctest, timeLimit: 10)
            var expected = TestOutcome(status: .failed(test: nil, message: #"/tmp/probe/Tests/XTests/XTests.swift:7: error: XTests.testAnswer : XCTAssertEqual failed: ("41") is not equal to ("42") -"#,
                                                       location: nil), testSeconds: nil, testCount: 1)
            expected.viaSwiftPM = true
            XCTAssertEqual(outcome, expected, recording.version)
        }
        for recording in swiftTesting {
            let outcome = SwiftPMRoute.outcome(of: ProcessResult(termination: .exited(1), seconds: 1, output: recording.text),
                                               framework: .swiftTesting, timeLimit: 10)
            var expected = TestOutcome(status: .failed(test: nil, message: "✘ Test checkRunsAfterReturn() recorded an issue at More.swift:6:95: Expectation failed: Bool(false)",
                                                       location: nil), testSeconds: nil, testCount: 1)
            expected.viaSwiftPM = true
            XCTAssertEqual(outcome, expected, recording.version)
        }
    }
}
