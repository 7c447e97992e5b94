import Foundation
import KataGradingCore

/// Runs one exercise's tests from a test binary of the shadow build, optionally with a variant on.
///
/// On Linux the test binary is an executable that takes `Target.Class` filters; on macOS it is a
/// bundle that `xcrun xctest` loads. Running it directly, rather than through `swift test`, saves
/// most of a second per run, and the grader makes many runs.
///
/// Nothing a test can see tells a variant's run from a real one: the command line and log names
/// are the same for both, and the variant switch is an opaque token (`VariantSwitch`) that every
/// run carries.
public struct TestRunner: Sendable {
    public var package: URL
    public var logs: URL
    public var swift: String
    public var variantSwitch: VariantSwitch
    /// XCTest's `Class.test` names, by shadow test target, read once per build.
    public var xctestTests: [String: [String]] = [:]

    /// `binary`: SwiftPM's test binary, which lists the XCTest tests. `runsXCTest`: whether any
    /// XCTest track will run. Only those need the listing (a run of the test binary) that names
    /// their tests; Swift Testing tracks are run by filter.
    public init(binary: URL, package: URL, swift: String, logs: URL,
                variantSwitch: VariantSwitch, runsXCTest: Bool = true) throws {
        self.package = package
        self.swift = swift
        self.logs = logs
        self.variantSwitch = variantSwitch
        guard runsXCTest else { return }
        let log = logs.appendingPathComponent("list-tests.log")
        #if os(macOS)
        let listing = try ProcessRunner.shared.run(swift, ["test", "--skip-build", "--list-tests", "--package-path", package.path],
                                                   timeout: 120, log: log, temporaryName: ProcessRunner.swiftPMTemporary)
        #else
        let listing = try ProcessRunner.shared.run(binary.path, ["--list-tests"], timeout: 60, log: log)
        #endif
        self.xctestTests = Self.testsByTarget(listing.output)
    }

    /// `Grade_x.Class/test` lines → `["Grade_x": ["Class.test", …]]`.
    static func testsByTarget(_ listing: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for line in listing.split(separator: "\n") {
            let test = line.trimmingCharacters(in: .whitespaces)
            guard let slash = test.firstIndex(of: "/"), let dot = test.firstIndex(of: "."), dot < slash,
                  !test.hasSuffix(")") else { continue }
            let target = String(test[..<dot])
            let name = test[test.index(after: dot)...].replacingOccurrences(of: "/", with: ".")
            result[target, default: []].append(name)
        }
        return result
    }

    static func classes(of tests: [String]) -> [String] {
        var seen: [String] = []
        for test in tests {
            let klass = String(test.prefix { $0 != "." })
            if !seen.contains(klass) { seen.append(klass) }
        }
        return seen
    }

    /// Runs the exercise's tests once, from `binary` (the one that holds its track's current code),
    /// against `variant` or (nil) the real module.
    func run(_ exercise: Catalog.Exercise, from binary: URL, variant: Variant?, label: String) throws -> TestOutcome {
        let target = Catalog.targetName(of: exercise)
        // A neutral name: a test that reads its own file descriptors learns nothing from it.
        let runName = "run-" + UUID().uuidString.prefix(12).lowercased()
        let runLogs = logs.appendingPathComponent(exercise.id)
        let log = runLogs.appendingPathComponent("\(runName).log")
        let events = runLogs.appendingPathComponent("\(runName).events")
        let expected = xctestTests[target] ?? []
        var executable: String
        var arguments: [String]
        switch exercise.framework {
        case .xctest:
            guard !expected.isEmpty else { return TestOutcome(status: .noTests, testSeconds: nil, testCount: 0) }
            let filter = Self.classes(of: expected).map { "\(target).\($0)" }.joined(separator: ",")
            #if os(macOS)
            executable = "/usr/bin/xcrun"
            arguments = ["xctest", "-XCTest", filter, binary.path]
            #else
            executable = binary.path
            arguments = [filter]
            #endif
        case .swiftTesting:
            let filter = "^\(target)\\."
            #if os(macOS)
            executable = swift
            arguments = ["test", "--skip-build", "--disable-xctest", "--package-path", package.path, "--filter", filter,
                         "--event-stream-output-path", events.path, "--event-stream-version", "0"]
            #else
            executable = binary.path
            arguments = ["--testing-library", "swift-testing", "--filter", filter,
                         "--event-stream-output-path", events.path, "--event-stream-version", "0"]
            #endif
        }
        // Line-buffered output, so that a run we kill still says which test it was in.
        if let stdbuf = ProcessRunner.which("stdbuf") {
            arguments = ["-oL", "-eL", executable] + arguments
            executable = stdbuf
        }
        var environment = ["NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"]
        // On Linux, URLSession sends even 127.0.0.1 through a configured proxy; tests talk to local servers only.
        let noProxy = ProcessInfo.processInfo.environment["no_proxy"].map { $0 + "," } ?? ""
        environment["no_proxy"] = noProxy + "127.0.0.1,localhost"
        environment[VariantSwitch.environmentKey] = variantSwitch.token(for: variant?.key)
        let result = try ProcessRunner.shared.run(executable, arguments, environment: environment,
                                                  timeout: exercise.timeLimit, log: log)
        var outcome = TestOutputParser.outcome(of: result, framework: exercise.framework, timeLimit: exercise.timeLimit,
                                               expected: expected, events: FileManager.default.contents(atPath: events.path))
        outcome.log = runName
        return outcome
    }
}
