import Foundation
import KataGradingCore

/// The facts of this machine that `TestPlatform` decides from, found once per command: the
/// system (with `SystemDifferences`, every `#if os(…)` of the grader), the Swift of the toolchain that builds the
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
    /// With `KATA_TRACE` set, its decisions go to standard error: what a field report needs, and
    /// what the self-test reads of a simulated toolchain.
    /// `runner`: the command's, which asks the toolchain and `xcrun`.
    public static func current(swift: String?, state: URL, runner: ProcessRunner,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               askAgain: Bool = false, needed: Version? = nil) -> TestPlatform {
        let platform = facts(swift: swift, state: state, runner: runner, environment: environment, askAgain: askAgain, needed: needed)
        if environment["KATA_TRACE"] != nil {
            StandardError().write("[kata] platform: \(platform.decisions); build flags \(platform.buildFlags.joined(separator: " "))\n")
        }
        return platform
    }

    static func facts(swift: String?, state: URL, runner: ProcessRunner, environment: [String: String], askAgain: Bool,
                      needed: Version?) -> TestPlatform {
        let log = state.appendingPathComponent("platform.log")
        let system = decidingSystem(environment)
        var askedToolchain: String?
        let swiftVersion = environment["KATA_PLATFORM_SWIFT_VERSION"].flatMap(Version.init)
            ?? swift.flatMap { swift in
                KnownSwiftVersion.version(swift: swift, state: state, askAgain: askAgain, needed: needed, asked: &askedToolchain) {
                    askSwiftVersion(swift, log: log, runner: runner)
                }
            }
        // The macOS facts, found below; the platform is made once, from all of them, and decides then.
        var osVersion: Version?, toolchain: Toolchain?, xctest: String?, testingHelper: String?, xctestHelper: String?
        var sdkPlatform: String?, developerDirectory: String?
        func platform() -> TestPlatform {
            var made = TestPlatform(system: system, simulated: system != native, osVersion: osVersion, swiftVersion: swiftVersion,
                                    toolchain: toolchain, xctest: xctest, testingHelper: testingHelper, xctestHelper: xctestHelper,
                                    sdkPlatform: sdkPlatform, developerDirectory: developerDirectory,
                                    cores: ProcessInfo.processInfo.activeProcessorCount,
                                    fixedWidth: environment["KATA_RUN_WIDTH"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
            made.askedToolchain = askedToolchain
            return made
        }
        guard system == .macOS else { return platform() }
        // The toolchain `swift build` runs, asked of that `swift` (as SwiftPM finds its helper
        // beside itself), not of `xcrun`, which may name another.
        toolchain = swift.flatMap { askToolchain($0, log: log, runner: runner) }
        if system != native {
            // What a Mac with Xcode 26 answers; the paths only name the tool `StandIn` plays. The
            // toolchain is the real one on the PATH (a simulated swiftly or Command Line Tools
            // toolchain in the self-test), its Swift Testing found by SwiftPM's rule.
            osVersion = environment["KATA_PLATFORM_MACOS_VERSION"].flatMap(Version.init) ?? Version(26, 0)
            let xcode = environment["KATA_PLATFORM_XCODE"] != "0"
            let developer = xcode ? "/Applications/Xcode.app/Contents/Developer" : "/Library/Developer/CommandLineTools"
            let selected = xcode ? developer + "/Toolchains/XcodeDefault.xctoolchain/usr" : developer + "/usr"
            testingHelper = toolchain?.testingHelper ?? selected + "/libexec/swift/pm/swiftpm-testing-helper"
            developerDirectory = developer
            if xcode {
                xctest = developer + "/usr/bin/xctest"
                xctestHelper = selected + "/libexec/swift/pm/swiftpm-xctest-helper"
                sdkPlatform = developer + "/Platforms/MacOSX.platform"
            }
            return platform()
        }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        osVersion = Version(version.majorVersion, version.minorVersion)
        func ask(_ arguments: [String], environment: [String: String] = [:]) -> String? {
            guard let result = try? runner.run("/usr/bin/xcrun", arguments, environment: environment, timeout: 30, log: log),
                  result.termination == .exited(0) else { return nil }
            let answer = result.output.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces)
            return answer?.hasPrefix("/") == true ? answer : nil
        }
        func usr(ofTool path: String?) -> URL? {
            path.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent() }
        }
        // SwiftPM's rules (UserToolchain.swift, TestingSupport.swift): the testing helper beside
        // the running compiler; the XCTest lister beside the running swift-build, else Xcode's;
        // xctest and the SDK platform from Xcode, through xcrun, as SwiftPM asks for them.
        testingHelper = toolchain?.testingHelper
            ?? usr(ofTool: ask(["--find", "swiftc"]))?.appendingPathComponent("libexec/swift/pm/swiftpm-testing-helper").path
        xctest = ask(["--sdk", "macosx", "--find", "xctest"])
        sdkPlatform = ask(["--sdk", "macosx", "--show-sdk-platform-path"])
        if xctest != nil {
            let own = toolchain?.xctestHelper
            // SwiftPM asks for Xcode's swift-build with DEVELOPER_DIR set to what `xcode-select
            // --print-path` names, whatever DEVELOPER_DIR the shell has (TestingSupport.swift,
            // `xctestHelperPath`, 6.3 lines 60-64).
            let selected = (try? runner.run("/usr/bin/xcode-select", ["--print-path"], timeout: 30, log: log))
                .flatMap { $0.termination == .exited(0) ? $0.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } : nil }
            let xcodes = usr(ofTool: ask(["--find", "swift-build"], environment: selected.map { ["DEVELOPER_DIR": $0] } ?? [:]))?
                .appendingPathComponent("libexec/swift/pm/swiftpm-xctest-helper").path
            xctestHelper = [own, xcodes].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        return platform()
    }

    /// The toolchain `swift` belongs to, from its own answer (`swift -print-target-info`), with its
    /// Swift Testing found on this file system.
    static func askToolchain(_ swift: String, log: URL, runner: ProcessRunner) -> Toolchain? {
        guard let result = try? runner.run(swift, ["-print-target-info"], timeout: 60, log: log),
              result.termination == .exited(0),
              let usr = Toolchain.usr(fromTargetInfo: Data(result.output.utf8)) else { return nil }
        return Toolchain(usr: usr) { FileManager.default.fileExists(atPath: $0) }
    }

    /// On a real Mac, the developer folder `xcode-select -p` names, asked only by `grade.sh --doctor`
    /// (a simulated Mac has it from `current`); nil elsewhere or when none is selected.
    public func askingDeveloperDirectory(state: URL, runner: ProcessRunner) -> TestPlatform {
        guard system == .macOS, !simulated, developerDirectory == nil else { return self }
        let log = state.appendingPathComponent("platform.log")
        guard let selected = try? runner.run("/usr/bin/xcode-select", ["-p"], timeout: 30, log: log),
              selected.termination == .exited(0) else { return self }
        var asked = TestPlatform(system: system, simulated: simulated, osVersion: osVersion, swiftVersion: swiftVersion,
                                 toolchain: toolchain, xctest: xctest, testingHelper: testingHelper, xctestHelper: xctestHelper,
                                 sdkPlatform: sdkPlatform,
                                 developerDirectory: selected.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) },
                                 cores: cores, fixedWidth: fixedWidth)
        asked.askedToolchain = askedToolchain
        return asked
    }

    /// `swift --version`'s compiler version: the toolchain that builds the tests, which need not
    /// be the one that built the grader (`grade.sh` does not rebuild it when only the toolchain changes).
    static func askSwiftVersion(_ swift: String, log: URL, runner: ProcessRunner) -> Version? {
        guard let result = try? runner.run(swift, ["--version"], timeout: 60, log: log) else { return nil }
        return Version.swift(fromVersionOutput: result.output)
    }

    /// The executable the grader's children run to supervise (and, simulating macOS, to play its
    /// tools): on Linux `/proc/self/exe`, this very binary even if a test replaced the file at its
    /// path (the link is resolved in each child before it runs anything else).
    public static var graderExecutable: String? {
        FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : Bundle.main.executablePath
    }
}
