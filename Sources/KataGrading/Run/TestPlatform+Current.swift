import Foundation
import KataGradingCore

extension TestPlatform {
    /// This machine's: on macOS, the tools SwiftPM itself asks `xcrun` for, once per grade
    /// (docs/platforms.md). Nil tools mean Xcode is missing (only the Command Line Tools).
    static func current(logs: URL) -> TestPlatform {
        #if os(macOS)
        func ask(_ arguments: [String]) -> String? {
            guard let result = try? ProcessRunner.shared.run("/usr/bin/xcrun", arguments, timeout: 30,
                                                             log: logs.appendingPathComponent("xcrun.log")),
                  result.termination == .exited(0) else { return nil }
            let answer = result.output.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces)
            return answer?.hasPrefix("/") == true ? answer : nil
        }
        let swiftc = ask(["--find", "swiftc"]).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        let helper = swiftc.map { $0.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("libexec/swift/pm/swiftpm-testing-helper").path }
        return TestPlatform(system: .macOS, xctest: ask(["--sdk", "macosx", "--find", "xctest"]), testingHelper: helper,
                            sdkPlatform: ask(["--sdk", "macosx", "--show-sdk-platform-path"]))
        #else
        return TestPlatform(system: .linux)
        #endif
    }
}
