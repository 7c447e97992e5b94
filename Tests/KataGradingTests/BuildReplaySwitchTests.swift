import Foundation
import XCTest
@testable import KataGrading
@testable import KataGradingCore

/// `KATA_BUILD_REPLAY=off`: the grader builds as SwiftPM documents it, and says why whenever the
/// replay does not replay.
final class BuildReplaySwitchTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("BuildReplaySwitch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("state/exercises"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func replay(_ setting: String?) -> BuildReplay {
        let shadow = ShadowPackage(directory: root.appendingPathComponent("state/exercises"), testsRoot: root)
        return BuildReplay(shadow: shadow, swift: "/nowhere/usr/bin/swift", state: root.appendingPathComponent("state"), platformUses: true,
                           runner: ProcessRunner(), switchedTo: setting)
    }

    func test_offMeansSwiftPMAsDocumented() throws {
        for setting in ["off", "OFF", "0", "no", "false"] {
            let off = replay(setting)
            XCTAssertFalse(off.isOn, setting)
            XCTAssertEqual(off.environment, [:], "no SWIFT_EXEC")
            XCTAssertEqual(off.compilerFlags, [], "no flag of its own")
            let binary = root.appendingPathComponent("state/exercises/.build/debug/XPackageTests.xctest")
            XCTAssertNil(off.ownBinaries(["Grade_a"], testBinary: binary), "no binary of its own: SwiftPM builds the track again")
            XCTAssertEqual(off.ownBinaries([], testBinary: binary), [:])
            let record = BuildRecord(files: ["Grade/Grade_a/A.swift": "1"], plan: "p")
            XCTAssertNil(off.rebuild(since: record, files: ["Grade/Grade_a/A.swift": "2"], testBinary: binary,
                                     swiftTestingTargets: ["Grade_a"], trackTargets: ["Grade_a"], progress: BuildProgress()))
        }
        XCTAssertTrue(replay(nil).isOn)
        XCTAssertTrue(replay("on").isOn)
    }

    func test_whyItLeftTheBuildToSwiftPM_isLogged() throws {
        let on = replay(nil)
        let binary = root.appendingPathComponent("state/exercises/.build/debug/XPackageTests.xctest")
        let record = BuildRecord(files: ["Grade/Grade_b/BTests.swift": "1"], plan: "p")
        XCTAssertNil(on.rebuild(since: record, files: ["Grade/Grade_b/BTests.swift": "2"], testBinary: binary,
                                swiftTestingTargets: ["Grade_a"], trackTargets: ["Grade_a", "Grade_b"], progress: BuildProgress()))
        XCTAssertNil(on.rebuild(since: BuildRecord(files: ["Grade/Grade_a/A.swift": "1"], plan: "p"), files: ["Grade/Grade_a/A.swift": "2"],
                                testBinary: binary, swiftTestingTargets: ["Grade_a"], trackTargets: ["Grade_a"], progress: BuildProgress()))
        let log = try String(contentsOf: on.log, encoding: .utf8)
        XCTAssertTrue(log.contains("swift build: Grade/Grade_b/BTests.swift is not in a Swift Testing track"), log)
        XCTAssertTrue(log.contains("fell back to swift build: "), log)
        XCTAssertEqual(log.split(separator: "\n").filter { $0.contains("swift build") }.count, 2, log)
    }
}
