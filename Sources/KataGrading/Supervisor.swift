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

/// The children of a process, found through `/proc` (Linux). Elsewhere it finds none: there the
/// grader relies on process groups alone.
enum ChildProcesses {
    static func of(_ parent: pid_t) -> [pid_t] {
        #if os(Linux)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var result: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == parent { result.append(pid) }
        }
        return result
        #else
        return []
        #endif
    }
}

/// Keeps what the grader needs of a run's output, however much the run prints.
///
/// The first `headLimit` bytes pass untouched. After that only the lines it is told to keep (the
/// ones the grader reads: `LineMarkers.linesTheGraderReads`) pass, plus the last `tailLimit` bytes,
/// and a note says how much was cut.
struct OutputCap {
    static let headLimit = 1 << 20
    static let tailLimit = 16 << 10
    static let longestLine = 16 << 10
    static let newline = UInt8(ascii: "\n")

    private(set) var written = 0
    private(set) var cutBytes = 0
    /// The start of the line being read, once past the head; nil while inside a line too long to keep.
    private var line: [UInt8]? = []
    private var tail: [UInt8] = []
    /// The lines kept past the head, as bytes.
    private let prefixes: [[UInt8]]
    private let markers: [[UInt8]]

    init(keeping lines: LineMarkers) {
        prefixes = lines.prefixes.map { Array($0.utf8) }
        markers = lines.markers.map { Array($0.utf8) }
    }

    mutating func take(_ chunk: ArraySlice<UInt8>) {
        var rest = chunk
        if written < Self.headLimit {
            let head = rest.prefix(Self.headLimit - written)
            emit(head)
            rest = rest.dropFirst(head.count)
            // A line cut in two by the limit is not a line the grader can read: end it, and drop
            // the rest of it.
            if !rest.isEmpty, head.last != Self.newline {
                emit([Self.newline][...])
                line = nil
            }
        }
        while !rest.isEmpty {
            let end = rest.withUnsafeBytes { raw -> Int? in
                guard let found = memchr(raw.baseAddress!, Int32(Self.newline), raw.count) else { return nil }
                return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
            let piece = rest.prefix(end.map { $0 + 1 } ?? rest.count)
            rest = rest.dropFirst(piece.count)
            if var current = line, current.count + piece.count <= Self.longestLine {
                current += piece
                line = current
            } else {
                if let current = line { cut(current) }
                cut(piece)
                line = nil
            }
            if end != nil { finishLine() }
        }
    }

    mutating func finish() {
        if let current = line, !current.isEmpty { line = current + [Self.newline]; finishLine() }
        if cutBytes > 0 {
            emit(Array("\n[kata: \(cutBytes) bytes of output were cut; the last of them follow]\n".utf8)[...])
            emit(tail.suffix(Self.tailLimit))
        }
    }

    private mutating func finishLine() {
        if let current = line {
            if isStructural(current) { emit(current[...]) } else { cut(current[...]) }
        }
        line = []
    }

    private mutating func cut<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        cutBytes += bytes.count
        tail += bytes
        if tail.count > 2 * Self.tailLimit { tail.removeFirst(tail.count - Self.tailLimit) }
    }

    /// Whether a line is one to keep, looked for in its first 512 bytes. Compared as bytes with `memchr`/`memcmp`: this runs on every line a flooding test
    /// prints, and Swift string searches here once slowed the reading of the pipe enough to make
    /// such a test 0.5 s slower than its budget.
    func isStructural(_ line: [UInt8]) -> Bool {
        let count = min(line.count, 512)
        return line.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return false }
            for prefix in prefixes where count >= prefix.count && memcmp(base, prefix, prefix.count) == 0 {
                return true
            }
            for marker in markers where Self.find(marker, in: base, count: count) {
                return true
            }
            return false
        }
    }

    /// `memmem`, which Glibc's Swift module does not export: `memchr` for the first byte, then `memcmp`.
    static func find(_ marker: [UInt8], in base: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while count - offset >= marker.count {
            guard let hit = memchr(base + offset, Int32(marker[0]), count - offset - marker.count + 1) else { return false }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, marker, marker.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    private mutating func emit(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        written += bytes.count
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(1, raw.baseAddress! + offset, raw.count - offset)
                if count <= 0 { if errno == EINTR { continue } else { return } }
                offset += count
            }
        }
    }
}
