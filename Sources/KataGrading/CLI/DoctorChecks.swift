import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `grade.sh --doctor` checks of the machine before it grades anything: each finding with
/// the fix, as the attendee would type it. The platform's facts come from `TestPlatform` (the
/// Xcode rows only where its decisions are macOS's); nothing here asks the system which it is.
enum DoctorChecks {
    typealias Check = DoctorReport.Check
    typealias Machine = DoctorReport.Machine

    /// A kata's builds (the grader, its copy, the attendee's) take about 1.5 GB here.
    static let diskNeeded: Int64 = 3_000_000_000
    static let diskMinimum: Int64 = 1_000_000_000

    static func machine(_ platform: TestPlatform, swift: String, paths: KataPaths, runner: ProcessRunner) -> Machine {
        let environment = ProcessInfo.processInfo.environment
        let version = (try? runner.run(swift, ["--version"], timeout: 60, log: paths.state.appendingPathComponent("doctor-swift-version.log")))?
            .output.split(separator: "\n").map(String.init).first { $0.contains("Swift version") || $0.contains("swift-driver") }
        let free = (try? FileManager.default.attributesOfFileSystem(forPath: paths.root.path))?[.systemFreeSize] as? NSNumber
        let os = platform.system == .macOS ? (platform.osVersion?.description ?? "?") : ProcessInfo.processInfo.operatingSystemVersionString
        return Machine(system: platform.system.rawValue, simulated: platform.simulated, os: os,
                       swift: platform.swiftVersion?.description, swiftVersionOutput: version,
                       developerDirectory: platform.developerDirectory, cores: platform.cores, freeBytes: free?.int64Value,
                       shell: environment["SHELL"].map { ($0 as NSString).lastPathComponent }, checkout: paths.root.path,
                       kataCommit: commit(of: paths.root))
    }

    static func checks(_ machine: Machine, platform: TestPlatform, paths: KataPaths) -> [Check] {
        var checks = [swift(platform, machine: machine)]
        if platform.system == .macOS { checks.append(xcode(platform)) }
        checks += [disk(machine.freeBytes), checkout(paths), shell(machine.shell, platform: platform)]
        return checks
    }

    static func swift(_ platform: TestPlatform, machine: Machine) -> Check {
        let install = platform.system == .macOS
            ? "Install Xcode 16.3 or later (it carries Swift 6.1; Xcode 26 carries 6.2), or a Swift 6 toolchain from https://www.swift.org/install, then open a new terminal and check `swift --version`."
            : "Install Swift 6.2 or later from https://www.swift.org/install, then open a new terminal and check `swift --version`."
        guard let version = platform.swiftVersion else {
            return Check(name: "swift", status: "fail", found: "`swift --version` did not answer" + (machine.swiftVersionOutput.map { ": \($0)" } ?? ""), fix: install)
        }
        if version < Version(6, 0) { return Check(name: "swift", status: "fail", found: "Swift \(version): the kata needs Swift 6", fix: install) }
        if version < Version(6, 2) {
            return Check(name: "swift", status: "warn", found: "Swift \(version): the exercises of the last pattern will say \"needs Swift 6.2\"", fix: install)
        }
        return Check(name: "swift", status: "ok", found: "Swift \(version)", fix: nil)
    }

    static func xcode(_ platform: TestPlatform) -> Check {
        let select = "Install Xcode from the App Store, open it once, then run: sudo xcode-select -s /Applications/Xcode.app"
        guard let directory = platform.developerDirectory else {
            return Check(name: "xcode", status: "fail", found: "`xcode-select -p` names no developer folder", fix: select)
        }
        if platform.lacksXCTest {
            return Check(name: "xcode", status: "warn", found: "only the Command Line Tools (\(directory)): the XCTest exercises will say \"needs Xcode\"",
                         fix: select + "; or do the course in Swift Testing: Scripts/grade.sh --framework swift-testing")
        }
        return Check(name: "xcode", status: "ok", found: "Xcode selected (\(directory))", fix: nil)
    }

    static func disk(_ free: Int64?) -> Check {
        guard let free else { return Check(name: "disk", status: "warn", found: "free space unknown", fix: "Make sure about 3 GB are free on this disk.") }
        let found = String(format: "%.1f GB free", Double(free) / 1e9)
        if free < diskMinimum { return Check(name: "disk", status: "fail", found: found, fix: "Free at least 3 GB on this disk: the kata's builds take about 1.5 GB.") }
        if free < diskNeeded { return Check(name: "disk", status: "warn", found: found, fix: "Free at least 3 GB on this disk: the kata's builds take about 1.5 GB.") }
        return Check(name: "disk", status: "ok", found: found, fix: nil)
    }

    static func checkout(_ paths: KataPaths) -> Check {
        let fm = FileManager.default
        let root = paths.root.path
        let owner = (try? fm.attributesOfItem(atPath: root))?[.ownerAccountID] as? NSNumber
        if let owner, owner.uint32Value != getuid() {
            return Check(name: "checkout", status: "fail", found: "\(root) belongs to another user (uid \(owner))",
                         fix: "Clone the kata into a folder of yours, or run: sudo chown -R \"$(id -un)\" \"\(root)\"")
        }
        for folder in [root, paths.state.path, paths.exercises.path] where !fm.isWritableFile(atPath: folder) {
            return Check(name: "checkout", status: "fail", found: "\(folder) is not writable", fix: "Run: chmod -R u+w \"\(root)\"")
        }
        return Check(name: "checkout", status: "ok", found: "writable, and yours", fix: nil)
    }

    /// The commands the kata prints (`--hint`'s `swift test --filter '…'`, `--reset`, the join line)
    /// are quoted for zsh and bash, the shells of macOS and Linux; another shell may read them otherwise.
    static func shell(_ shell: String?, platform: TestPlatform) -> Check {
        guard let shell else { return Check(name: "shell", status: "ok", found: "unknown ($SHELL is not set)", fix: nil) }
        if ["zsh", "bash", "sh"].contains(shell) {
            return Check(name: "shell", status: "ok", found: shell + (shell == "zsh" ? ": the commands the kata prints paste as they are" : ""), fix: nil)
        }
        return Check(name: "shell", status: "warn", found: "\(shell): the commands the kata prints are written for zsh and bash",
                     fix: "Type `\(platform.system == .macOS ? "zsh" : "bash")` in the terminal before pasting the kata's commands.")
    }

    /// The commit of a git clone, read from `.git` without running git; nil elsewhere.
    static func commit(of root: URL) -> String? {
        let git = root.appendingPathComponent(".git")
        func read(_ url: URL) -> String? { (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) }
        var folder = git
        // A worktree's `.git` is a file naming its folder.
        if let pointer = read(git), pointer.hasPrefix("gitdir: ") { folder = URL(fileURLWithPath: String(pointer.dropFirst(8)), relativeTo: root) }
        guard let head = read(folder.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return head }
        let ref = String(head.dropFirst(5))
        let common = read(folder.appendingPathComponent("commondir")).map { URL(fileURLWithPath: $0, relativeTo: folder) } ?? folder
        for base in [folder, common] { if let value = read(base.appendingPathComponent(ref)) { return value } }
        let packed = read(common.appendingPathComponent("packed-refs")) ?? ""
        return packed.split(separator: "\n").first { $0.hasSuffix(" " + ref) }.map { String($0.prefix(40)) }
    }
}
