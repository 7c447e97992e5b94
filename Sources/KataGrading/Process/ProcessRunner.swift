import Foundation
import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs child processes with a time limit, and ends every one, with everything it started, when
/// it finishes, when its time is up, on Ctrl-C and SIGTERM, and when the grader itself dies.
///
/// Each child runs under a `Supervisor` (the grader's own executable, `--supervise`), which owns
/// the time limit and the clean-up; the grader waits for the supervisor, with a bound of its own.
/// On Linux the grader is also a child subreaper, so that even a supervisor killed by hand cannot
/// leave a test's processes behind. On macOS there is no subreaper: a process that a test moves
/// out of its process group (`setsid`) can outlive the run there.
///
/// Every child gets a temporary directory of its own under the kata's build state (`TMPDIR`),
/// emptied when it ends, so the toolchain's scratch folders never pile up in the system's.
///
/// `@unchecked Sendable`: `live`, `stopping` and `counter` change only while holding `lock`, and
/// `supervisor` and `temporaryRoot` are set once, by `adopt` in `main`, before any other thread starts.
public final class ProcessRunner: @unchecked Sendable {
    public static let shared = ProcessRunner()

    /// The executable that understands `--supervise`: the grader. Nil runs children unsupervised
    /// (the kata's unit tests, which have no grader executable).
    public var supervisor: String?
    /// Where each child's `TMPDIR` is made. Nil leaves `TMPDIR` alone.
    public var temporaryRoot: URL?

    private let lock = NSLock()
    private var live: Set<pid_t> = []
    private var stopping = false
    private var counter = 0

    /// Becomes the subreaper of everything the grader starts (Linux), and points the supervisor
    /// at this executable. Called once, by the grader's `main`.
    public func adopt(executable: String, temporaryRoot: URL) {
        supervisor = executable
        self.temporaryRoot = temporaryRoot
        _ = kata_become_subreaper()
    }

    /// Removes the temporary folders of children of a grade that was killed outright: nothing of
    /// it is running any more. Called while holding the checkout's lock.
    public func removeLeftoverTemporaries() {
        guard let temporaryRoot else { return }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporaryRoot.path)) ?? [] where entry.hasPrefix("p") {
            try? FileManager.default.removeItem(at: temporaryRoot.appendingPathComponent(entry))
        }
    }

    /// The name of the `TMPDIR` of SwiftPM's own commands (`swift build`, `swift test`), which run
    /// one at a time. Its path stays the same from one run to the next because SwiftPM keys its
    /// cache of the evaluated `Package.swift` on the whole environment: a new `TMPDIR` path per
    /// build would compile and run the manifest again every time, half a second of every grade.
    public static let swiftPMTemporary = "swiftpm"

    /// Runs `executable` under the supervisor, its output going to `log`. Each child gets a
    /// `TMPDIR` of its own under `temporaryRoot`, removed when it ends: a new one per child, or
    /// the one named `temporaryName` (see `swiftPMTemporary`).
    public func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 120, log: URL, temporaryName: String? = nil) throws -> ProcessResult {
        let fm = FileManager.default
        try fm.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let statusFile = log.deletingLastPathComponent().appendingPathComponent(".status-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: statusFile) }

        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        var temporary: URL?
        if let root = temporaryRoot {
            let directory = root.appendingPathComponent(temporaryName ?? "p\(nextNumber())-\(UUID().uuidString.prefix(8))")
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            childEnvironment["TMPDIR"] = directory.path
            temporary = directory
        }
        defer { if let temporary { try? fm.removeItem(at: temporary) } }

        let logDescriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard logDescriptor >= 0 else { throw RunError.cannotWrite(log.path, errno) }
        defer { close(logDescriptor) }
        let statusDescriptor = open(statusFile.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard statusDescriptor >= 0 else { throw RunError.cannotWrite(statusFile.path, errno) }
        defer { close(statusDescriptor) }

        let program: String
        let programArguments: [String]
        if let supervisor {
            program = supervisor
            programArguments = [Supervisor.flag, String(timeout), executable] + arguments
        } else {
            program = executable
            programArguments = arguments
        }

        let start = Date()
        lock.lock()
        if stopping { lock.unlock(); throw Interrupted() }
        let pid: pid_t
        do {
            pid = try Spawn.start(program, programArguments, environment: childEnvironment,
                                  descriptors: [(logDescriptor, 1), (logDescriptor, 2), (statusDescriptor, Supervisor.statusDescriptor)],
                                  newProcessGroup: false)
        } catch {
            lock.unlock()
            throw error
        }
        live.insert(pid)
        lock.unlock()

        // The supervisor keeps the limit; this bound only matters if the supervisor itself is stuck.
        let backstop = start.addingTimeInterval(supervisor == nil ? timeout : timeout + 15)
        var status: Int32 = 0
        var pause: useconds_t = 200
        var backstopHit = false
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            if Date() > backstop && !backstopHit {
                backstopHit = true
                kill(pid, SIGKILL)
            }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        lock.lock()
        live.remove(pid)
        let wasStopping = stopping
        lock.unlock()
        if backstopHit && supervisor != nil { reapOrphans() }
        if wasStopping { throw Interrupted() }

        let seconds = Date().timeIntervalSince(start)
        let data = (try? Data(contentsOf: log)) ?? Data()
        let output = String(decoding: data, as: UTF8.self)
        var termination = backstopHit ? .timedOut : Self.termination(status)
        var cut = 0
        if supervisor != nil {
            let report = (try? String(contentsOf: statusFile, encoding: .utf8)) ?? ""
            (termination, cut) = Self.parseStatus(report, fallback: termination)
        }
        return ProcessResult(termination: termination, seconds: seconds, output: output, cutBytes: cut)
    }

    static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Reads the supervisor's report: `exit N`, `signal N`, `timeout` or `stopped`, then `cut N`.
    static func parseStatus(_ report: String, fallback: Termination) -> (Termination, Int) {
        var termination = fallback
        var cut = 0
        for line in report.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            let number = words.count > 1 ? Int32(words[1]) : nil
            switch first {
            case "exit": if let number { termination = .exited(number) }
            case "signal": if let number { termination = .signaled(number) }
            case "timeout": termination = .timedOut
            case "stopped": termination = .signaled(SIGTERM)
            case "cut": cut = number.map(Int.init) ?? 0
            case "failed": termination = .exited(127)
            default: break
            }
        }
        return (termination, cut)
    }

    /// Asks every supervisor to stop (each then ends its child and all the child started), waits a
    /// bounded moment for them, and kills whatever is left. Used on Ctrl-C and SIGTERM.
    public func stopAll() {
        lock.lock()
        stopping = true
        let pids = live
        lock.unlock()
        for pid in pids { kill(pid, supervisor == nil ? SIGKILL : SIGTERM) }
        let until = Date().addingTimeInterval(3)
        while Date() < until {
            lock.lock()
            let remaining = live
            lock.unlock()
            if remaining.isEmpty { break }
            usleep(10_000)
        }
        lock.lock()
        let stragglers = live
        lock.unlock()
        for pid in stragglers {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        reapOrphans()
    }

    /// Kills and reaps processes re-parented to the grader (it is their subreaper) that are not
    /// supervisors it is waiting for.
    func reapOrphans() {
        guard supervisor != nil else { return }
        // Under the lock, so that a supervisor started meanwhile is never taken for an orphan.
        lock.lock()
        defer { lock.unlock() }
        Supervisor.reapEverything(except: live, reapAnyChild: false)
    }

    private func nextNumber() -> Int {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return counter
    }

    enum RunError: Error, CustomStringConvertible {
        case cannotWrite(String, Int32)
        var description: String {
            switch self {
            case .cannotWrite(let path, let code):
                return "cannot write \(path): \(String(cString: strerror(code)))."
            }
        }
    }

    /// Finds an executable on the PATH, as a shell would.
    public static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Thrown when a run was cut short by Ctrl-C.
public struct Interrupted: Error {}
