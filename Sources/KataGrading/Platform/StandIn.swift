import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// On Linux with `KATA_PLATFORM=macos`, the grader's own executable plays the macOS tools its run
/// plans name (`TestInvocation.standingIn`), so that the plans run here argument for argument:
///
/// - `xctest [-XCTest <specifiers>] <bundle>`: runs the bundle's XCTest tests the specifiers name.
///   It refuses a run without `SWIFT_TESTING_ENABLED=0`, with which Apple's `xctest` would also
///   run every Swift Testing test in the bundle;
/// - `swiftpm-testing-helper --test-bundle-path <binary> <arguments…>`: runs the binary's `main`
///   with the helper's own arguments, as the helper does by `dlopen` (here by `exec`, since
///   Linux's test product is an executable). It refuses a run whose loader paths miss the Swift
///   Testing of the helper's own toolchain (`Toolchain.swiftTesting`), which a Mac could not load;
/// - `swiftpm-xctest-helper <bundle> <file>`: writes the bundle's XCTest tests as JSON to the file.
///
/// Each replaces itself with the test binary (`exec`), so the test process keeps the pid its
/// supervisor started. Anything a tool would not take is refused with exit 64, so that a plan
/// that drifts from what the tool takes fails here, not first on a Mac.
public enum StandIn {
    public static func main(_ words: [String]) -> Int32 {
        guard let tool = words.first.map({ ($0 as NSString).lastPathComponent }) else { return refuse("no tool named") }
        let arguments = Array(words.dropFirst())
        let environment = ProcessInfo.processInfo.environment
        switch tool {
        case "xctest":
            guard environment["SWIFT_TESTING_ENABLED"] == "0" else {
                return refuse("xctest: SWIFT_TESTING_ENABLED is not 0, so Apple's xctest would also run every Swift Testing test in the bundle")
            }
            var rest = arguments
            var specifiers: [String] = []
            if rest.first == "-XCTest" {
                guard rest.count >= 2 else { return refuse("xctest: -XCTest needs a list of tests") }
                specifiers = [rest[1]]
                rest.removeFirst(2)
            }
            guard rest.count == 1, let bundle = rest.first, bundle.hasSuffix(".xctest") else {
                return refuse("xctest: expected [-XCTest <tests>] <bundle>.xctest, got \(arguments)")
            }
            return replace(with: bundle, [bundle] + specifiers)
        case "swiftpm-testing-helper":
            guard arguments.count >= 2, arguments[0] == "--test-bundle-path" else {
                return refuse("swiftpm-testing-helper: expected --test-bundle-path <binary> first, got \(arguments.prefix(2))")
            }
            if let missing = missingSearchPaths(helper: words[0], environment) {
                return refuse("swiftpm-testing-helper: the run's loader paths miss its toolchain's Swift Testing (\(missing))")
            }
            let binary = arguments[1]
            return replace(with: binary, [binary] + arguments)
        case "swiftpm-xctest-helper":
            guard environment["SWIFT_TESTING_ENABLED"] == "0" else {
                return refuse("swiftpm-xctest-helper: SwiftPM lists XCTest tests with SWIFT_TESTING_ENABLED=0")
            }
            guard arguments.count == 2, arguments[0].hasSuffix(".xctest") else {
                return refuse("swiftpm-xctest-helper: expected <bundle>.xctest <output file>, got \(arguments)")
            }
            let file = open(arguments[1], O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
            guard file >= 0 else { return refuse("swiftpm-xctest-helper: cannot write \(arguments[1])") }
            dup2(file, 1)
            close(file)
            return replace(with: arguments[0], [arguments[0], "--dump-tests-json"])
        default:
            return refuse("\(tool) is not a tool the macOS run plans name")
        }
    }

    /// What the helper's toolchain (`<usr>/libexec/swift/pm/swiftpm-testing-helper`) needs on the
    /// loader's paths and the run's environment lacks; nil when nothing.
    static func missingSearchPaths(helper: String, _ environment: [String: String]) -> String? {
        let suffix = "/libexec/swift/pm/swiftpm-testing-helper"
        guard helper.hasSuffix(suffix) else { return nil }
        let toolchain = Toolchain(usr: String(helper.dropLast(suffix.count))) { FileManager.default.fileExists(atPath: $0) }
        let needed = toolchain.runSearchPaths
        let missing = needed.frameworks.filter { !(environment["DYLD_FRAMEWORK_PATH"] ?? "").split(separator: ":").contains(Substring($0)) }
            .map { "DYLD_FRAMEWORK_PATH \($0)" }
            + needed.libraries.filter { !(environment["DYLD_LIBRARY_PATH"] ?? "").split(separator: ":").contains(Substring($0)) }
            .map { "DYLD_LIBRARY_PATH \($0)" }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }

    static func replace(with program: String, _ argv: [String]) -> Int32 {
        let pointers = argv.map { strdup($0) } + [nil]
        execv(program, pointers)
        return refuse("cannot run \(program): \(String(cString: strerror(errno)))")
    }

    static func refuse(_ why: String) -> Int32 {
        FileHandle.standardError.write(Data("kata stand-in for a macOS tool: \(why).\n".utf8))
        return 64
    }
}
