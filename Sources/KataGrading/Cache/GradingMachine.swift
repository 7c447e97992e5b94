import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the machine that grades brings to every verdict (`VerdictKey.Machine`): the grader that
/// judges, the toolchain that builds and runs the tests, and the platform they run on. Read once
/// per `Grader` (`known`, its `machines`): a `--watch` that runs for hours is still the same grader.
enum GradingMachine {
    /// What was read, by `swift`: kept by whoever grades again with the same grader.
    typealias Known = Locked<[String: VerdictKey.Machine]>

    /// `decisions`: the platform the grade takes its decisions from (`TestPlatform.decisions`).
    static func current(swift: String, decisions: TestPlatform, known: Known) -> VerdictKey.Machine {
        var machine: VerdictKey.Machine
        if let known = known.value[swift] {
            machine = known
        } else {
            machine = VerdictKey.Machine(grader: grader(), toolchain: toolchain(swift: swift), platform: platform())
            known.withLock { $0[swift] = machine }
        }
        machine.decisions = decisions.decisions
        return machine
    }

    /// A digest of the running grader's own binary: a grader built from other sources judges
    /// afresh. On Linux the file the process runs, even if its path was replaced since.
    static func grader() -> String {
        let paths = ["/proc/self/exe", Bundle.main.executablePath].compactMap { $0 }
        for path in paths {
            if let binary = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) { return Fingerprint.program(binary) }
        }
        // Unknown: a key no other grade shares, so nothing is reused.
        return "unknown-" + UUID().uuidString
    }

    /// The compiler the `swift` on the PATH drives, by path, size and time; on macOS also what
    /// chooses among Xcode's toolchains (`DEVELOPER_DIR`, `TOOLCHAINS`, `xcode-select`), since
    /// `/usr/bin/swift` there is a shim whose file never changes.
    static func toolchain(swift: String) -> String {
        let driver = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        var parts = [driver.path]
        for tool in [driver, driver.deletingLastPathComponent().appendingPathComponent("swiftc").resolvingSymlinksInPath()] {
            if let attributes = try? FileManager.default.attributesOfItem(atPath: tool.path),
               let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date {
                parts.append("\(tool.path):\(size):\(Int(date.timeIntervalSince1970))")
            }
        }
        parts += SystemDifferences.toolchainChoice()
        return parts.joined(separator: " ")
    }

    /// The system, its release and the machine, and how many cores the runs share.
    static func platform() -> String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return [text(name.sysname), text(name.release), text(name.machine),
                "\(ProcessInfo.processInfo.activeProcessorCount) cores"].joined(separator: " ")
    }
}
