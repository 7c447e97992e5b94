import Foundation
import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one command on the grader's behalf and guarantees that nothing it started outlives it.
///
/// The grader starts every child (a test run, a build, git) as `KataGrader --supervise`, and hands
/// it its orders (`SupervisorOrders`) through descriptor 4. The supervisor:
/// - starts the command in a session and process group of its own, with no signal blocked and
///   every signal at its default, whatever the grader's threads had (a test under the grader
///   behaves as under `swift test`), and without the grade's terminal (`Spawn`: nothing it starts
///   can type into it);
/// - kills the whole group after the time limit, when asked to stop (SIGTERM, SIGINT, SIGHUP), or
///   when the grader dies, which it notices because its parent changes;
/// - on Linux, is a child subreaper: anything the command started that escaped its group (`setsid`,
///   `Process`, a double fork) is re-parented here when its parent ends, and is killed before the
///   supervisor exits. macOS has no subreaper (`TestPlatform.reliesOnSubreaper`): there it kills,
///   after a test run, every process started with the run's mark in its environment (`KATA_RUN`,
///   the run's own socket), wherever it went; one that left its group *and* dropped the mark survives;
/// - copies the command's output to its own standard output (the log), capped (`OutputLog`);
/// - for a test run, serves the run's channel (`RunChannel`): tells the test binary's hook which
///   variant to be, and reads, while they are written, the output, the records the hook sends on
///   the channel and Swift Testing's event stream on the test's descriptor 3, and relays every byte
///   of them to the grader on descriptor 5 (`RunRelay`), where the run stage parses them
///   (`RunReading`). It parses none of it: what it must do itself is serve the channel (only it
///   knows which connection is the test process) and drain every source as it is written; what it
///   has not yet relayed is bounded (`RunRelay.Outbox`), past which it reads no more until the
///   grader has taken some;
/// - writes `started <pid>`, then how the command ended (`SupervisorReport`), to descriptor 3.
///
/// It keeps other processes of the user out of its memory and descriptors (Linux: not dumpable),
/// so a test cannot read its orders through `/proc`, and denies itself and all it starts the calls
/// that trace or read another process, signal the supervisor or the grader, or stop any process
/// (`kata_confine_descendants`: Linux's seccomp): a test that killed both would be left running
/// with nothing to end it, and a grader stopped by SIGSTOP would never end its grade.
public enum Supervisor {
    public static let flag = "--supervise"
    static let statusDescriptor: Int32 = 3
    static let ordersDescriptor: Int32 = 4
    /// A test run's relay to the grader (`RunRelay`).
    static let relayDescriptor: Int32 = 5

    /// Set by SIGTERM, SIGINT and SIGHUP (the grader asking a run to stop, or Ctrl-C reaching the
    /// process group), read by `supervise`'s loop. The grader's only process-wide mutable state, and
    /// only in the supervisor's process: a C signal handler (`signal`) cannot capture a context, so
    /// what it sets must be global. The grader itself needs none (`Interruption` uses dispatch
    /// sources, whose handlers hold their runner); the supervisor keeps a plain handler because it
    /// waits in `poll`, which the signal interrupts at once.
    /// `nonisolated(unsafe)`: written only by the handler, a `sig_atomic_t`.
    nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0

    public static func main() -> Int32 {
        _ = kata_forbid_inspection()
        // What it starts (a test, and all that test starts) cannot trace or read another process,
        // such as the shell that started the grade, nor signal this supervisor or the grader, nor
        // stop any process: Linux's seccomp, where the kernel offers it.
        _ = kata_confine_descendants()
        _ = fcntl(statusDescriptor, F_SETFD, FD_CLOEXEC)
        guard let orders = readOrders() else {
            FileHandle.standardError.write(Data("usage: the grader starts KataGrader --supervise with its orders on descriptor 4.\n".utf8))
            return 2
        }
        if orders.test != nil {
            // A test run's relay is the grader's alone: no test inherits it, and a grader gone makes
            // a write fail rather than end the supervisor before it has ended the run.
            _ = fcntl(relayDescriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(relayDescriptor, F_SETFL, fcntl(relayDescriptor, F_GETFL) | O_NONBLOCK)
            signal(SIGPIPE, SIG_IGN)
        }
        if orders.subreaper { _ = kata_become_subreaper() }
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            signal(signalNumber) { _ in Supervisor.stopRequested = 1 }
        }
        let report = supervise(orders, parent: getppid())
        send(report)
        return 0
    }

    static func readOrders() -> SupervisorOrders? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < 16 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(ordersDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(ordersDescriptor)
        return try? JSONDecoder().decode(SupervisorOrders.self, from: data)
    }

    static func supervise(_ orders: SupervisorOrders, parent: pid_t) -> SupervisorReport {
        var failed = SupervisorReport(termination: .exited(127), cutBytes: 0)
        // The grader may already be gone by the time we run.
        if parent == 1 || getppid() != parent { failed.startFailure = "stopped"; return failed }

        var output: [Int32] = [0, 0], events: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&events) == 0 else { failed.startFailure = "pipe: \(String(cString: strerror(errno)))"; return failed }
        for fd in [output[0], events[0]] {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        // The socket exists before the test process: its hook connects before `main`, and the
        // connection waits in the backlog until the loop below accepts it.
        var channel: RunChannel?
        if let test = orders.test {
            do {
                channel = try RunChannel(path: RunFolder.socket(in: test.folder), variant: test.variant)
                channel?.acceptsDescendant = test.viaSwiftPM
            } catch {
                failed.startFailure = "\(error)"
                return failed
            }
        }
        var descriptors: [(from: Int32, to: Int32)] = [(output[1], 1), (output[1], 2)]
        if orders.test?.framework == .swiftTesting { descriptors.append((events[1], 3)) }
        // Readable as soon as the command ends (made before it starts, so no end is missed): the
        // loop below sleeps in `poll` until then, and a short command is seen to end at once.
        let childEnded = kata_child_ended_descriptor()
        let child: pid_t
        do {
            child = try Spawn.start(orders.program, orders.arguments, environment: orders.environment,
                                    descriptors: descriptors, newSession: true)
        } catch {
            failed.startFailure = "\(error)"
            return failed
        }
        channel?.testProcess = child
        close(output[1])
        close(events[1])
        sendLine("started \(child)")

        let command = SupervisedCommand(orders: orders, child: child, output: output[0], events: events[0], channel: channel,
                                        childEnded: childEnded)
        let (termination, stopped) = command.waitForEnd(parent: parent)
        let cutBytes = command.finish(stopped: stopped)
        var report = SupervisorReport(termination: termination ?? .signaled(SIGTERM), cutBytes: cutBytes)
        if stopped { report.startFailure = "stopped" }
        return report
    }

    static func termination(_ status: Int32) -> Termination {
        // WIFEXITED / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    static func send(_ report: SupervisorReport) {
        guard let json = try? JSONEncoder().encode(report) else { return }
        sendLine(String(decoding: json, as: UTF8.self))
    }

    static func sendLine(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { Descriptor.writeAll(UnsafeRawBufferPointer($0), to: statusDescriptor) }
    }

    /// Kills and reaps every child this process has, including orphans re-parented to it as a
    /// subreaper, until none is left (or two seconds pass, against a fork bomb). With
    /// `reapAnyChild` false it reaps only the children it killed, leaving `keep` to their waiters.
    static func reapEverything(except keep: Set<pid_t> = [], reapAnyChild: Bool = true) {
        let until = Date().addingTimeInterval(2)
        while Date() < until {
            let children = ChildProcesses.of(getpid()).filter { !keep.contains($0) }
            for pid in children { kill(pid, SIGKILL) }
            var status: Int32 = 0
            var reaped = false
            if reapAnyChild {
                while waitpid(-1, &status, WNOHANG) > 0 { reaped = true }
            } else {
                for pid in children where waitpid(pid, &status, 0) == pid { reaped = true }
            }
            if children.isEmpty && !reaped { return }
            if !reaped { usleep(2000) }
        }
    }
}
