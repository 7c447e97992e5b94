import Foundation

/// How to run or list one exercise's tests on one platform, as a plain value: the program, its
/// arguments and what it adds to the environment. Pure, so that the macOS decisions are
/// unit-tested here too.
///
/// Each plan is what SwiftPM's own `swift test` starts (docs/platforms.md has the sources), minus
/// SwiftPM: the grader runs many runs at once, and `swift test` takes the build folder's lock and
/// reads the manifest again for each.
public struct TestInvocation: Equatable, Sendable {
    public var program: String
    public var arguments: [String]
    public var environment: [String: String]
    /// A listing that writes its answer to a file (macOS's `swiftpm-xctest-helper`) rather than
    /// to its standard output.
    public var answerFile: String?

    public init(program: String, arguments: [String], environment: [String: String], answerFile: String? = nil) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.answerFile = answerFile
    }

    /// Where Swift Testing writes its event stream: the test process's descriptor 3, a pipe the
    /// supervisor reads as it is written (a file could be rewritten by the test before it is read).
    public static let eventStream = "/dev/fd/3"

    /// What the tests get on every platform: no colour codes in what they print; on Linux a
    /// backtrace on a crash (the macOS hosts are Apple-signed, and the backtracer is off there);
    /// 127.0.0.1 never through a proxy (URLSession on Linux sends even loopback through one).
    public static func baseEnvironment(inherited: [String: String]) -> [String: String] {
        let noProxy = inherited["no_proxy"].map { $0 + "," } ?? ""
        return ["NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no",
                "no_proxy": noProxy + "127.0.0.1,localhost"]
    }

    /// XCTest names its tests `Target.Class/test` (both platforms accept a list of these).
    public static func xctestSpecifiers(target: String, tests: [String]) -> String {
        tests.map { test -> String in
            let parts = test.split(separator: ".", maxSplits: 1)
            return parts.count == 2 ? "\(target).\(parts[0])/\(parts[1])" : "\(target).\(test)"
        }.joined(separator: ",")
    }

    /// What SwiftPM gives XCTest on macOS: its library paths, and Swift Testing switched off (Apple's
    /// `xctest` would also run every Swift Testing test in the bundle without it).
    static func xctestEnvironment(platform: TestPlatform, inherited: [String: String]) -> [String: String] {
        var environment = platform.dynamicLibraryPaths(inherited: inherited)
        environment["SWIFT_TESTING_ENABLED"] = "0"
        return environment
    }

    /// Runs one track: `target` is its shadow test target, `tests` (XCTest only) the `Class.test`
    /// names listed for it.
    public static func run(_ framework: Catalog.Framework, target: String, tests: [String], product: TestProduct,
                           platform: TestPlatform, inherited: [String: String]) -> TestInvocation {
        var environment = baseEnvironment(inherited: inherited)
        switch (framework, platform.system) {
        case (.xctest, .linux):
            return TestInvocation(program: product.binary, arguments: [xctestSpecifiers(target: target, tests: tests)],
                                  environment: environment)
        case (.swiftTesting, .linux):
            return TestInvocation(program: product.binary, arguments: swiftTestingOptions(target: target) + ["--testing-library", "swift-testing"],
                                  environment: environment)
        case (.xctest, .macOS):
            environment.merge(xctestEnvironment(platform: platform, inherited: inherited)) { _, new in new }
            return TestInvocation(program: platform.xctest ?? "xctest",
                                  arguments: ["-XCTest", xctestSpecifiers(target: target, tests: tests), product.bundle],
                                  environment: environment)
        case (.swiftTesting, .macOS):
            environment.merge(platform.dynamicLibraryPaths(inherited: inherited)) { _, new in new }
            // `--test-bundle-path` stays in the arguments: an exit test's child is started again
            // from these arguments only when it sees it.
            return TestInvocation(program: platform.testingHelper ?? "swiftpm-testing-helper",
                                  arguments: ["--test-bundle-path", product.binary] + swiftTestingOptions(target: target)
                                      + [product.binary, "--testing-library", "swift-testing"],
                                  environment: environment)
        }
    }

    static func swiftTestingOptions(target: String) -> [String] {
        ["--filter", "^\(target)\\.", "--event-stream-output-path", eventStream, "--event-stream-version", "0"]
    }

    /// Lists the XCTest tests of the test product as JSON (`XCTestListing` reads it): on Linux the
    /// executable prints it (`--dump-tests-json`); on macOS Xcode's `swiftpm-xctest-helper` loads
    /// the bundle and writes it to `answerFile`, with the environment of an XCTest run (SwiftPM
    /// `TestingSupport.swift`, `getTestSuites`). Nil on a Mac without Xcode.
    public static func listXCTest(product: TestProduct, platform: TestPlatform, answerFile: String,
                                  inherited: [String: String]) -> TestInvocation? {
        switch platform.system {
        case .linux:
            return TestInvocation(program: product.binary, arguments: ["--dump-tests-json"], environment: [:])
        case .macOS:
            guard let helper = platform.xctestHelper else { return nil }
            return TestInvocation(program: helper, arguments: [product.bundle, answerFile],
                                  environment: xctestEnvironment(platform: platform, inherited: inherited), answerFile: answerFile)
        }
    }

    // MARK: - macOS on Linux

    /// The tools a simulated macOS names, played by the grader's own executable: the plan is
    /// macOS's, argument for argument, and `StandIn` does with it what the tool does on a Mac,
    /// with Linux's test product.
    public static let standInFlag = "--stand-in"

    /// This plan as run on a simulated macOS: `grader --stand-in <tool> <arguments…>`.
    public func standingIn(for grader: String) -> TestInvocation {
        var copy = self
        copy.program = grader
        copy.arguments = [Self.standInFlag, program] + arguments
        return copy
    }
}
