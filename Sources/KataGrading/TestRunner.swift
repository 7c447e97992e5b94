import Foundation

/// Runs one exercise's tests from the shadow build's test binary, optionally with a variant on.
///
/// On Linux the test binary is an executable that takes `Target.Class` filters; on macOS it is a
/// bundle that `xcrun xctest` loads. Running it directly, rather than through `swift test`, saves
/// most of a second per run, and the grader makes many runs.
public struct TestRunner: Sendable {
    public var binary: URL
    public var package: URL
    public var logs: URL
    public var swift: String
    /// `Target.Class` names, by shadow test target, read once per build.
    public var xctestClasses: [String: [String]]

    public init(binary: URL, package: URL, swift: String, logs: URL) throws {
        self.binary = binary
        self.package = package
        self.swift = swift
        self.logs = logs
        let log = logs.appendingPathComponent("list-tests.log")
        #if os(macOS)
        let listing = try ProcessRunner.shared.run(swift, ["test", "--skip-build", "--list-tests", "--package-path", package.path],
                                                   timeout: 120, log: log)
        #else
        let listing = try ProcessRunner.shared.run(binary.path, ["--list-tests"], timeout: 60, log: log)
        #endif
        self.xctestClasses = Self.classesByTarget(listing.output)
    }

    static func classesByTarget(_ listing: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for line in listing.split(separator: "\n") {
            // "Grade_mocking_request.SearchRequestTests/test_search_firesRequest"
            let test = line.trimmingCharacters(in: .whitespaces)
            guard let slash = test.firstIndex(of: "/"), let dot = test.firstIndex(of: "."), dot < slash,
                  !test.hasSuffix(")") else { continue }
            let target = String(test[..<dot])
            let klass = String(test[..<slash])
            if !(result[target]?.contains(klass) ?? false) { result[target, default: []].append(klass) }
        }
        return result
    }

    /// Runs the exercise's tests once. `variant` is a `Module/name` key, or nil for the real module.
    public func run(_ exercise: Catalog.Exercise, variant: String?, label: String) throws -> TestOutcome {
        let target = Catalog.targetName(of: exercise)
        var executable: String
        var arguments: [String]
        switch exercise.framework {
        case .xctest:
            guard let classes = xctestClasses[target], !classes.isEmpty else {
                return TestOutcome(status: .noTests, testSeconds: nil, testCount: 0)
            }
            #if os(macOS)
            executable = "/usr/bin/xcrun"
            arguments = ["xctest", "-XCTest", classes.joined(separator: ","), binary.path]
            #else
            executable = binary.path
            arguments = [classes.joined(separator: ",")]
            #endif
        case .swiftTesting:
            let filter = "^\(target)\\."
            #if os(macOS)
            executable = swift
            arguments = ["test", "--skip-build", "--disable-xctest", "--package-path", package.path, "--filter", filter]
            #else
            executable = binary.path
            arguments = ["--testing-library", "swift-testing", "--filter", filter]
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
        environment[Schemata.environmentKey] = variant ?? ""
        let log = logs.appendingPathComponent("\(exercise.id)/\(label).log")
        let result = try ProcessRunner.shared.run(executable, arguments, environment: environment,
                                                  timeout: exercise.timeLimit, log: log)
        return TestOutputParser.outcome(of: result, framework: exercise.framework, timeLimit: exercise.timeLimit)
    }
}
