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
/// The grader starts every child (a test run, a build, git) as `KataGrader --supervise LIMIT
/// PROGRAM ARGS…`. The supervisor:
/// - starts PROGRAM in a process group of its own, with no signal blocked and every signal at its
///   default, whatever the grader's threads had (a test under the grader behaves as under `swift test`);
/// - kills the whole group after LIMIT seconds, when asked to stop (SIGTERM, SIGINT, SIGHUP), or
///   when the grader dies, which it notices because its parent changes;
/// - on Linux, is a child subreaper: anything PROGRAM started that escaped its group (`setsid`,
///   `Process`, a double fork) is re-parented here when its parent ends, and is killed before the
///   supervisor exits. On macOS there is no subreaper: such an escapee survives (see `ProcessRunner`);
/// - copies PROGRAM's output to its own standard output, capped (see `OutputCap`), so a test that
///   prints without end neither fills the disk nor the grader's memory;
/// - writes how PROGRAM ended to file descriptor 3, which the grader reads.
///
/// Its command line and environment are the same for every run of a suite, so a test that reads
/// them (`/proc/<ppid>/cmdline`) learns nothing about which variant of the code it runs against.
public enum Supervisor {
    public static let flag = "--supervise"
    static let statusDescriptor: Int32 = 3

    nonisolated(unsafe) static var stopRequested: sig_atomic_t = 0

    /// `arguments` are those after `--supervise`: LIMIT PROGRAM ARGS…; past its cap, PROGRAM's
    /// output keeps only the lines `keeping` names.
    public static func main(_ arguments: [String], keeping: LineMarkers) -> Int32 {
        guard arguments.count >= 2, let limit = Double(arguments[0]), limit > 0 else {
            FileHandle.standardError.write(Data("usage: KataGrader --supervise SECONDS PROGRAM [ARGS…]\n".utf8))
            return 2
        }
        let parent = getppid()
        _ = fcntl(statusDescriptor, F_SETFD, FD_CLOEXEC)
        _ = kata_become_subreaper()
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            signal(signalNumber) { _ in Supervisor.stopRequested = 1 }
        }
        // The grader may already be gone by the time we run.
        if parent == 1 || getppid() != parent { return report("stopped", cut: 0) }

        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return report("failed pipe: \(String(cString: strerror(errno)))", cut: 0) }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)

        let child: pid_t
        do {
            child = try Spawn.start(arguments[1], Array(arguments.dropFirst(2)), environment: nil,
                                   descriptors: [(writeEnd, 1), (writeEnd, 2)], newProcessGroup: true)
        } catch {
            return report("failed \(error)", cut: 0)
        }
        close(writeEnd)

        var cap = OutputCap(keeping: keeping)
        let deadline = Date().addingTimeInterval(limit)
        var ending: String?
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ending == nil {
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 10) > 0 { drain(readEnd, into: &cap, buffer: &buffer) }
            var status: Int32 = 0
            let waited = waitpid(child, &status, WNOHANG)
            if waited == child {
                ending = describe(status)
            } else if waited < 0 && errno != EINTR {
                ending = "exit 0"
            } else if stopRequested != 0 || getppid() != parent {
                ending = "stopped"
            } else if Date() >= deadline {
                ending = "timeout"
            }
        }
        // The group first (it holds most of what the program started), then anything that escaped.
        kill(-child, SIGKILL)
        kill(child, SIGKILL)
        reapEverything(except: [])
        // Every writer is dead now, so the pipe ends soon; bound the wait all the same.
        let drainUntil = Date().addingTimeInterval(1)
        while Date() < drainUntil {
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            if !drain(readEnd, into: &cap, buffer: &buffer) { break }
        }
        cap.finish()
        return report(ending ?? "stopped", cut: cap.cutBytes)
    }

    /// Reads what is available; false at end of file.
    @discardableResult
    static func drain(_ descriptor: Int32, into cap: inout OutputCap, buffer: inout [UInt8]) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { cap.take(buffer[0..<count]); continue }
            return count < 0 && (errno == EAGAIN || errno == EINTR)
        }
    }

    static func describe(_ status: Int32) -> String {
        // WIFEXITED / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7f
        return signal == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(signal)"
    }

    static func report(_ ending: String, cut: Int) -> Int32 {
        let text = "\(ending)\ncut \(cut)\n"
        _ = text.withCString { write(statusDescriptor, $0, strlen($0)) }
        return 0
    }

    /// Kills and reaps every child this process has, including orphans re-parented to it as a
    /// subreaper, until none is left (or two seconds pass, against a fork bomb). With
    /// `reapAnyChild` false it reaps only the children it killed, leaving `keep` to their waiters.
    static func reapEverything(except keep: Set<pid_t>, reapAnyChild: Bool = true) {
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
