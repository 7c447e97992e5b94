import Foundation
import KataGradingCore

/// The facts of this machine that `TestPlatform` decides from, found once per command: the
/// system (the one `#if os(macOS)` of the grader), the Swift of the toolchain that builds the
/// tests, and on macOS the system's version and the tools SwiftPM itself asks `xcrun` for.
///
/// Maintainers' switches, read from the environment (the self-test sets them):
/// - `KATA_PLATFORM=macos` on Linux: take every macOS decision that is not an OS call (no build
///   replay, no subreaper, macOS's run plans played by `StandIn`, the requirement checks);
/// - `KATA_PLATFORM_MACOS_VERSION=15.5`: the simulated Mac's version (26.0 when unset);
/// - `KATA_PLATFORM_XCODE=0`: the simulated Mac has only the Command Line Tools;
/// - `KATA_PLATFORM_SWIFT_VERSION=6.1`: the toolchain's version, on any system;
/// - `KATA_RUN_WIDTH=N`: runs at once, for measuring the width.
extension TestPlatform {
    static let modeVariable = "KATA_PLATFORM"

    /// The system the grader was compiled for.
    static var native: System {
        #if os(macOS)
        return .macOS
        #else
        return .linux
        #endif
    }

    /// Whose decisions to take: macOS's on a Mac, or on Linux with `KATA_PLATFORM=macos`.
    public static func decidingSystem(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> System {
        environment[modeVariable]?.lowercased() == "macos" ? .macOS : native
    }

    /// This machine's facts. `swift` is the toolchain's `swift` on the PATH; `state` is the
    /// grader's folder, where `platform.log` keeps what the questions answered and
    /// `KnownSwiftVersion` the toolchain's version. `askAgain` (`--regrade`): the toolchain is
    /// asked its version again, whatever was kept; `needed`: the newest Swift an exercise requires,
    /// so that a kept answer below it is confirmed by the toolchain before it makes a `needs`.
    public static func current(swift: String?, state: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
                               askAgain: Bool = false, needed: Version? = nil) -> TestPlatform {
        let log = state.appendingPathComponent("platform.log")
        let system = decidingSystem(environment)
        var platform = TestPlatform(system: system, simulated: system != native, cores: ProcessInfo.processInfo.activeProcessorCount)
        platform.fixedWidth = environment["KATA_RUN_WIDTH"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        platform.swiftVersion = environment["KATA_PLATFORM_SWIFT_VERSION"].flatMap(Version.init)
            ?? swift.flatMap { swift in
                KnownSwiftVersion.version(swift: swift, state: state, askAgain: askAgain, needed: needed) { askSwiftVersion(swift, log: log) }
            }
        guard system == .macOS else { return platform }
        if platform.simulated {
            // What a Mac with Xcode 26 answers; the paths only name the tool `StandIn` plays.
            platform.osVersion = environment["KATA_PLATFORM_MACOS_VERSION"].flatMap(Version.init) ?? Version(26, 0)
            let xcode = environment["KATA_PLATFORM_XCODE"] != "0"
            let developer = xcode ? "/Applications/Xcode.app/Contents/Developer" : "/Library/Developer/CommandLineTools"
            let toolchain = xcode ? developer + "/Toolchains/XcodeDefault.xctoolchain/usr" : developer + "/usr"
            platform.testingHelper = toolchain + "/libexec/swift/pm/swiftpm-testing-helper"
            if xcode {
                platform.xctest = developer + "/usr/bin/xctest"
                platform.xctestHelper = toolchain + "/libexec/swift/pm/swiftpm-xctest-helper"
                platform.sdkPlatform = developer + "/Platforms/MacOSX.platform"
            }
            return platform
        }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        platform.osVersion = Version(version.majorVersion, version.minorVersion)
        func ask(_ arguments: [String]) -> String? {
            guard let result = try? ProcessRunner.shared.run("/usr/bin/xcrun", arguments, timeout: 30, log: log),
                  result.termination == .exited(0) else { return nil }
            let answer = result.output.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces)
            return answer?.hasPrefix("/") == true ? answer : nil
        }
        func usr(ofTool path: String?) -> URL? {
            path.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent() }
        }
        // SwiftPM's rules (UserToolchain.swift, TestingSupport.swift): the testing helper beside
        // the compiler, the XCTest lister beside swift-build, xctest and the SDK from Xcode.
        platform.testingHelper = usr(ofTool: ask(["--find", "swiftc"]))?.appendingPathComponent("libexec/swift/pm/swiftpm-testing-helper").path
        platform.xctest = ask(["--sdk", "macosx", "--find", "xctest"])
        platform.sdkPlatform = ask(["--sdk", "macosx", "--show-sdk-platform-path"])
        if platform.xctest != nil, let usr = usr(ofTool: ask(["--find", "swift-build"])) {
            let helper = usr.appendingPathComponent("libexec/swift/pm/swiftpm-xctest-helper").path
            platform.xctestHelper = FileManager.default.isExecutableFile(atPath: helper) ? helper : nil
        }
        return platform
    }

    /// `swift --version`'s compiler version: the toolchain that builds the tests, which need not
    /// be the one that built the grader (`grade.sh` does not rebuild it when only the toolchain changes).
    static func askSwiftVersion(_ swift: String, log: URL) -> Version? {
        guard let result = try? ProcessRunner.shared.run(swift, ["--version"], timeout: 60, log: log) else { return nil }
        return Version.swift(fromVersionOutput: result.output)
    }

    /// The executable the grader's children run to supervise (and, simulating macOS, to play its
    /// tools): on Linux `/proc/self/exe`, this very binary even if a test replaced the file at its
    /// path (the link is resolved in each child before it runs anything else).
    public static var graderExecutable: String? {
        FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : Bundle.main.executablePath
    }
}
