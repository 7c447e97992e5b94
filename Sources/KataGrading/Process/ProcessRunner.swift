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
/// leave a test's processes behind. macOS has no subreaper (`TestPlatform.reliesOnSubreaper`):
/// there the supervisors, and the grader at the start and end of each grade, end what carries a
/// run's mark in its environment (`ChildProcesses.endMarked`); a process that a test moves out of
/// its process group (`setsid`) and starts without that mark can outlive the run.
///
/// Every child gets a temporary directory of its own under the kata's build state (`TMPDIR`),
/// emptied when it ends, so the toolchain's scratch folders never pile up in the system's.
///
/// There is no shared runner: the grader's `main` makes one and hands it to the command, which
/// passes it down to whatever starts a process (as SwiftPM's commands pass their `Cancellator`).
/// Ctrl-C reaches it through `interruption`, which the command arms.
///
/// `@unchecked Sendable`: `live`, `stopping` and `counter` change only while holding `lock`, and
/// `supervisor` and `temporaryRoot` are set once, by `adopt` in `main`, before any other thread starts.
public final class ProcessRunner: @unchecked Sendable {
    /// The executable that understands `--supervise`: the grader. Nil runs children unsupervised
    /// (the kata's unit tests, which have no grader executable).
    public private(set) var supervisor: String?
    /// Where each child's `TMPDIR` is made. Nil leaves `TMPDIR` alone.
    public private(set) var temporaryRoot: URL?
    /// What Ctrl-C does while a command runs: every child of this runner stopped, then exit. Made
    /// when the command first arms or uses it, on the main thread, before any grade starts.
    private(set) lazy var interruption = Interruption(runner: self)
    /// Whether the grader and its supervisors are child subreapers (`TestPlatform.reliesOnSubreaper`).
    public private(set) var subreaper = true

    private let lock = NSLock()
    private var live: Set<pid_t> = []
    private var stopping = false
    private var counter = 0

    /// A runner that runs children unsupervised until `adopt` (the kata's unit tests never call it).
    public init() {}

    /// Becomes the subreaper of everything the grader starts (where the platform relies on one),
    /// and points the supervisor at this executable. Called once, by the grader's `main`.
    public func adopt(executable: String, temporaryRoot: URL, subreaper: Bool) {
        // The grader knows which variant each of its runs is: like its supervisors, it keeps the
        // runs out of its memory (Linux: not dumpable, so no `/proc/<pid>/mem` and no `ptrace` by
        // the same user; macOS: `task_for_pid` needs a debugger's entitlement, which tests lack).
        _ = kata_forbid_inspection()
        supervisor = executable
        self.temporaryRoot = temporaryRoot
        self.subreaper = subreaper
        if subreaper { _ = kata_become_subreaper() }
    }

    /// Without a subreaper: kills what any run of `checkout` started that is still running (every
    /// run is over when this is called: before and after a grade, under the checkout's lock).
    public func endMarked(runsOf checkout: URL) {
        guard supervisor != nil, !subreaper else { return }
        ChildProcesses.endMarked(RunFolder.marks(of: checkout))
    }

    /// Removes the temporary folders of children of a grade that was killed outright: nothing of
    /// it is running any more. Called while holding the checkout's lock.
    public func removeLeftoverTemporaries() {
        guard let temporaryRoot else { return }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporaryRoot.path)) ?? [] where entry.hasPrefix("p") {
            GraderFolder.removeWhole(temporaryRoot.appendingPathComponent(entry))
        }
    }

    /// The name of the `TMPDIR` of SwiftPM's own commands (`swift build`, `swift test`), which run
    /// one at a time. Its path stays the same from one run to the next because SwiftPM keys its
    /// cache of the evaluated `Package.swift` on the whole environment: a new `TMPDIR` path per
    /// build would compile and run the manifest again every time, half a second of every grade.
    public static let swiftPMTemporary = "swiftpm"

    /// What changes from one shell to the next without changing what a build does, left out of the
    /// environment of SwiftPM's commands for the same reason: the folder the grade was started from
    /// (`PWD`, `OLDPWD`: SwiftPM reads the working folder from the system), the shell's depth, the
    /// last command, a terminal's session. Measured on 6.3.1: `swift build` run from another folder,
    /// or with one more variable, compiled and ran the kata's manifest again (1.2 s on a busy machine).
    static let shellNoise: Set<String> = ["PWD", "OLDPWD", "SHLVL", "_", "TERM_SESSION_ID", "ITERM_SESSION_ID",
                                          "SECURITYSESSIONID", "WINDOWID", "TMUX_PANE", "KATA_TRACE"]

    /// Runs `executable` under the supervisor, its output going to `log`. Each child gets a
    /// `TMPDIR` of its own under `temporaryRoot`, removed when it ends: a new one per child, or
    /// the one named `temporaryName` (see `swiftPMTemporary`, which also leaves out `shellNoise`).
    public func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 120, log: URL, temporaryName: String? = nil) throws -> ProcessResult {
        let fm = FileManager.default
        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if temporaryName == Self.swiftPMTemporary { for key in Self.shellNoise { childEnvironment[key] = nil } }
        var temporary: URL?
        if let root = temporaryRoot {
            let directory = root.appendingPathComponent(temporaryName ?? "p\(nextNumber())-\(UUID().uuidString.prefix(8))")
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            childEnvironment["TMPDIR"] = directory.path
            temporary = directory
        }
        defer { if let temporary { GraderFolder.removeWhole(temporary) } }
        var orders = SupervisorOrders(limit: timeout, program: executable, arguments: arguments, environment: childEnvironment)
        orders.subreaper = subreaper
        return try supervise(orders, log: log)
    }

    /// Runs one test run: `executable` under the supervisor with the run's channel, in a private
    /// folder of its own (`RunFolder`), with `variant` (its number, 0 for the real code) told only
    /// to the test binary's hook. `environment` is added to the grader's own, without what would
    /// load code into the test before the hook (`LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`). What the run
    /// reports reaches `relay` as the supervisor relays it (`RunRelay`), unread here.
    /// `cancellation`: the run is stopped as soon as it is called off (its result then means nothing).
    func runTest(_ executable: String, _ arguments: [String], environment: [String: String], framework: Catalog.Framework,
                 variant: Int32, timeout: Double, log: URL, checkout: URL, viaSwiftPM: Bool = false,
                 cancellation: RunCancellation? = nil, relay: @escaping (UnsafeRawBufferPointer) -> Void) throws -> ProcessResult {
        guard supervisor != nil else { throw RunError.unsupervised }
        let folder = try RunFolder.make(for: checkout)
        defer { folder.remove() }
        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        for key in ["LD_PRELOAD", "DYLD_INSERT_LIBRARIES"] { childEnvironment[key] = nil }
        childEnvironment["TMPDIR"] = folder.temporary.path
        childEnvironment[RunHookSource.environmentKey] = RunFolder.socket(in: folder.url.path)
        var orders = SupervisorOrders(limit: timeout, program: executable, arguments: arguments, environment: childEnvironment,
                                      test: .init(framework: framework, variant: variant, folder: folder.url.path, viaSwiftPM: viaSwiftPM))
        orders.subreaper = subreaper
        return try supervise(orders, log: log, relay: relay, cancellation: cancellation)
    }

    private func supervise(_ orders: SupervisorOrders, log: URL, relay: ((UnsafeRawBufferPointer) -> Void)? = nil,
                           cancellation: RunCancellation? = nil) throws -> ProcessResult {
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let logDescriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard logDescriptor >= 0 else { throw RunError.cannotWrite(log.path, errno) }
        defer { close(logDescriptor) }
        // A test run's relay (`RunRelay`): read as it comes, so that the supervisor never waits long.
        let pipes = try SupervisorPipes(relay: relay != nil && supervisor != nil)
        defer { pipes.closeGraderReads() }
        let relayReader = RelayReader(pipes.relay[0], sink: relay)

        let start = Date()
        let pid = try spawn(orders, log: logDescriptor, pipes: pipes)
        var ended = waitForEnd(of: pid, limit: orders.limit, start: start, status: pipes.status[0], relay: relayReader,
                               cancellation: cancellation)
        ended.reply.read(pipes.status[0])
        // The supervisor is gone, and no other process holds the relay: its end is near.
        relayReader.drain(within: 2)
        lock.lock()
        live.remove(pid)
        let wasStopping = stopping
        lock.unlock()
        // A supervisor that could not say how its command ended (killed by a test, say) left that
        // command's group behind: end it here, with whatever it started.
        if supervisor != nil, ended.reply.report == nil {
            if let started = ended.reply.started { kill(-started, SIGKILL); kill(started, SIGKILL) }
            endAdopted()
        }
        if wasStopping { throw Interrupted() }
        return try result(ended, seconds: Date().timeIntervalSince(start), log: log)
    }

    /// Starts the supervisor (or, unsupervised, the command itself) with `pipes`, unless the
    /// runner is stopping, and hands the supervisor its orders.
    private func spawn(_ orders: SupervisorOrders, log logDescriptor: Int32, pipes: SupervisorPipes) throws -> pid_t {
        let program: String
        let programArguments: [String]
        var descriptors: [(from: Int32, to: Int32)] = [(logDescriptor, 1), (logDescriptor, 2)]
        if let supervisor {
            program = supervisor
            programArguments = [Supervisor.flag]
            descriptors += [(pipes.status[1], Supervisor.statusDescriptor), (pipes.control[0], Supervisor.ordersDescriptor)]
            if pipes.relay[1] >= 0 { descriptors.append((pipes.relay[1], Supervisor.relayDescriptor)) }
        } else {
            program = orders.program
            programArguments = orders.arguments
        }
        lock.lock()
        if stopping { lock.unlock(); pipes.closeChildEnds(); throw Interrupted() }
        let pid: pid_t
        do {
            pid = try Spawn.start(program, programArguments, environment: supervisor == nil ? orders.environment : nil,
                                  descriptors: descriptors, newSession: false)
        } catch {
            lock.unlock()
            pipes.closeChildEnds()
            throw error
        }
        live.insert(pid)
        lock.unlock()
        close(pipes.status[1])
        close(pipes.control[0])
        if pipes.relay[1] >= 0 { close(pipes.relay[1]) }
        if supervisor != nil, let data = try? JSONEncoder().encode(orders) { data.withUnsafeBytes { Descriptor.writeAll($0, to: pipes.control[1]) } }
        close(pipes.control[1])
        return pid
    }

    /// How a supervised child ended: its wait status, whether the grader's own bound killed it,
    /// and what the supervisor said.
    struct Ended {
        var waitStatus: Int32 = 0
        var backstopHit = false
        var reply = StatusReply()
    }

    /// Waits for `pid`, reading the relay and the supervisor's status as they come, asking it to
    /// stop once the run is called off, and killing it outright past the grader's own bound.
    private func waitForEnd(of pid: pid_t, limit: TimeInterval, start: Date, status: Int32, relay: RelayReader,
                            cancellation: RunCancellation?) -> Ended {
        // The supervisor keeps the limit; this bound only matters if the supervisor itself is stuck.
        let backstop = start.addingTimeInterval(supervisor == nil ? limit : limit + 15)
        var ended = Ended()
        var pause: useconds_t = 200
        var stopAsked = false
        while true {
            relay.readAvailable()
            // Before `waitpid` can reap it, so the pid signalled is still the supervisor's.
            if let cancellation, !stopAsked, cancellation.isCalledOff {
                stopAsked = true
                kill(pid, supervisor == nil ? SIGKILL : SIGTERM)
            }
            ended.reply.read(status)
            // The supervisor's status pipe ends only when it exits (no child of it holds the pipe):
            // its end is then a matter of moments, waited for outright.
            let waited = waitpid(pid, &ended.waitStatus, supervisor != nil && ended.reply.ended ? 0 : WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { return ended }
            if Date() > backstop && !ended.backstopHit {
                ended.backstopHit = true
                kill(pid, SIGKILL)
            }
            if supervisor != nil {
                // Woken by what the supervisor writes: `started`, what it relays, then its report
                // just before it exits. And by the runs being called off, until this one was asked to stop.
                var ready = [pollfd(fd: status, events: Int16(POLLIN), revents: 0)]
                if !relay.ended { ready.append(pollfd(fd: relay.fd, events: Int16(POLLIN), revents: 0)) }
                if let cancellation, !stopAsked, cancellation.descriptor >= 0 {
                    ready.append(pollfd(fd: cancellation.descriptor, events: Int16(POLLIN), revents: 0))
                }
                _ = poll(&ready, nfds_t(ready.count), 100)
            } else {
                usleep(pause)
                pause = min(pause * 2, 10_000)
            }
        }
    }

    /// The result of a child that `ended`, with the output its `log` holds.
    private func result(_ ended: Ended, seconds: TimeInterval, log: URL) throws -> ProcessResult {
        let output = String(decoding: Self.read(log, atMost: 8 << 20), as: UTF8.self)
        guard supervisor != nil else {
            return ProcessResult(termination: ended.backstopHit ? .timedOut : Supervisor.termination(ended.waitStatus), seconds: seconds, output: output)
        }
        guard let report = ended.reply.report else {
            // The supervisor itself died: the command's fate is unknown.
            let termination: Termination = ended.backstopHit ? .timedOut : Supervisor.termination(ended.waitStatus)
            return ProcessResult(termination: termination == .exited(0) ? .signaled(SIGKILL) : termination, seconds: seconds, output: output)
        }
        if report.startFailure == "stopped" { throw Interrupted() }
        if let failure = report.startFailure {
            return ProcessResult(termination: .exited(127), seconds: seconds, output: output + "\n[kata: \(failure)]\n")
        }
        return ProcessResult(termination: report.termination, seconds: seconds, output: output, cutBytes: report.cutBytes)
    }

    /// At most `limit` bytes of a file: the output cap bounds a log, this bounds the grader's memory.
    static func read(_ url: URL, atMost limit: Int) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: limit)) ?? Data()
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
        endAdopted()
    }

    /// Whether `stopAll` was called and no `resume` since.
    var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    /// Starts runs again after a `stopAll` that ended one failed grade's runs (`SealWatch`), once
    /// every one of them is over.
    func resume() {
        lock.lock()
        stopping = false
        lock.unlock()
    }

    /// Kills and reaps processes re-parented to the grader (it is their subreaper, on Linux) that
    /// are not supervisors it is waiting for: what a test left when its supervisor was killed.
    /// Called when a supervisor dies without its report, and when a grade ends, however it ends.
    public func endAdopted() {
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
        case unsupervised
        var description: String {
            switch self {
            case .cannotWrite(let path, let code):
                return "cannot write \(path): \(String(cString: strerror(code)))."
            case .unsupervised:
                return "a test run needs the grader's supervisor (KataGrader --supervise)."
            }
        }
    }
}

/// Thrown when a run was cut short by Ctrl-C.
public struct Interrupted: Error {}
