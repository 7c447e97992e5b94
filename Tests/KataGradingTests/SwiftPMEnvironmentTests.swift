import Foundation
import XCTest
@testable import KataGrading

/// SwiftPM keys its cache of the evaluated `Package.swift` on the whole environment, so its
/// commands get one that does not change from one shell to the next (`ProcessRunner.shellNoise`).
final class SwiftPMEnvironmentTests: XCTestCase {
    func test_swiftPMsCommandsGetNoShellNoise_otherCommandsGetTheGradersEnvironment() throws {
        setenv("OLDPWD", "/somewhere/else", 1)
        setenv("SHLVL", "7", 1)
        setenv("KATA_SWIFTPM_ENVIRONMENT_PROBE", "kept", 1)
        let log = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("swiftpm-env-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let swiftPMs = try ProcessRunner().run("/usr/bin/env", [], log: log, temporaryName: ProcessRunner.swiftPMTemporary).output
        XCTAssertFalse(swiftPMs.contains("OLDPWD="))
        XCTAssertFalse(swiftPMs.contains("SHLVL="))
        XCTAssertTrue(swiftPMs.contains("KATA_SWIFTPM_ENVIRONMENT_PROBE=kept"), "everything else stays")
        let other = try ProcessRunner().run("/usr/bin/env", [], log: log).output
        XCTAssertTrue(other.contains("OLDPWD=/somewhere/else"))
    }
}
