/// How to run one exercise's tests on one platform, as a plain value: the program, its arguments
/// and what it adds to the environment. Pure, so that the macOS decisions are unit-tested here too.
///
/// Each plan is what SwiftPM's own `swift test` starts (docs/platforms.md has the sources), minus
/// SwiftPM: the grader runs many runs at once, and `swift test` takes the build folder's lock and
/// reads the manifest again for each.
public struct TestInvocation: Equatable, Sendable {
    public var program: String
    public var arguments: [String]
    public var environment: [String: String]

    /// Where Swift Testing writes its event stream: the test process's descriptor 3, a pipe the
    /// supervisor reads as it is written (a file could be rewritten by the test before it is read).
    public static let eventStream = "/dev/fd/3"

    /// What the tests get on every platform: no colour codes in what they print; on Linux a
    /// backtrace on a crash (the macOS hosts are Apple-signed, and the backtracer is off there);
    /// 127.0.0.1 never through a proxy (URLSession on Linux sends even loopback through one).
    static func baseEnvironment(inherited: [String: String]) -> [String: String] {
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
            environment.merge(platform.dynamicLibraryPaths(inherited: inherited)) { _, new in new }
            // Apple's xctest would also run every Swift Testing test in the bundle without it.
            environment["SWIFT_TESTING_ENABLED"] = "0"
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

    /// Lists the XCTest tests of the test product, `Target.Class/test` a line (Linux only: on
    /// macOS the listing is SwiftPM's `swiftpm-xctest-helper`, which writes JSON to a file).
    public static func listXCTest(product: TestProduct) -> TestInvocation {
        TestInvocation(program: product.binary, arguments: ["--list-tests"], environment: [:])
    }
}

/// The test product of a shadow build: on Linux one executable; on macOS a bundle, whose code is
/// `Contents/MacOS/<name>` inside it (SwiftPM `BuildParameters.swift`, `BuiltTestProduct.swift`).
public struct TestProduct: Equatable, Sendable {
    /// What runs: the Linux executable, or the macOS bundle's inner binary.
    public var binary: String
    /// The bundle folder on macOS (what `xctest` loads); the executable on Linux.
    public var bundle: String

    public init(binary: String, bundle: String) {
        self.binary = binary
        self.bundle = bundle
    }

    /// The product at `path` (`…PackageTests.xctest`) on `system`.
    public static func at(_ path: String, on system: TestPlatform.System) -> TestProduct {
        guard system == .macOS else { return TestProduct(binary: path, bundle: path) }
        let name = String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".xctest", with: "")
        return TestProduct(binary: path + "/Contents/MacOS/" + name, bundle: path)
    }
}

/// The platform's facts that decide how a test runs.
public struct TestPlatform: Equatable, Sendable {
    public enum System: String, Sendable { case linux, macOS }

    public var system: System
    /// macOS: Xcode's `xctest` (`xcrun --sdk macosx --find xctest`); nil without Xcode.
    public var xctest: String?
    /// macOS: the toolchain's `swiftpm-testing-helper` (`…/usr/libexec/swift/pm/`).
    public var testingHelper: String?
    /// macOS: the SDK platform folder (`xcrun --sdk macosx --show-sdk-platform-path`), for the
    /// frameworks and libraries SwiftPM adds to the test's search paths.
    public var sdkPlatform: String?

    public init(system: System, xctest: String? = nil, testingHelper: String? = nil, sdkPlatform: String? = nil) {
        self.system = system
        self.xctest = xctest
        self.testingHelper = testingHelper
        self.sdkPlatform = sdkPlatform
    }

    /// SwiftPM's additions (`TestingSupport.swift`): appended, so that the attendee's own come first.
    func dynamicLibraryPaths(inherited: [String: String]) -> [String: String] {
        guard let sdkPlatform else { return [:] }
        func appended(_ key: String, _ paths: [String]) -> String {
            ([inherited[key]].compactMap { $0 }.filter { !$0.isEmpty } + paths).joined(separator: ":")
        }
        return ["DYLD_FRAMEWORK_PATH": appended("DYLD_FRAMEWORK_PATH", [sdkPlatform + "/Developer/Library/Frameworks",
                                                                       sdkPlatform + "/Developer/Library/PrivateFrameworks"]),
                "DYLD_LIBRARY_PATH": appended("DYLD_LIBRARY_PATH", [sdkPlatform + "/Developer/usr/lib"])]
    }
}
