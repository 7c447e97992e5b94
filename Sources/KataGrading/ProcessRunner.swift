import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process ended.
public enum Termination: Equatable, Sendable {
    case exited(Int32)
    case signaled(Int32)
    /// Killed by us after its time limit.
    case timedOut
}

public struct ProcessResult: Sendable {
    public var termination: Termination
    public var seconds: Double
    /// Everything the process wrote to stdout and stderr, in order.
    public var output: String
}

/// Runs child processes with a time limit, and kills every one still alive on Ctrl-C.
///
/// Output goes to a file rather than a pipe, so a chatty child can never block on a full pipe and
/// a killed child still leaves its log behind.
public final class ProcessRunner: @unchecked Sendable {
    public static let shared = ProcessRunner()

    private let lock = NSLock()
    private var live: [Int32: Process] = [:]
    private var stopping = false

    public func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    directory: URL? = nil, timeout: Double? = nil, log: URL) throws -> ProcessResult {
        let fm = FileManager.default
        try? fm.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = fm.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }

        let start = Date()
        lock.lock()
        if stopping { lock.unlock(); throw Interrupted() }
        do { try process.run() } catch { lock.unlock(); throw error }
        let pid = process.processIdentifier
        live[pid] = process
        lock.unlock()

        var timedOut = false
        if let timeout {
            if finished.wait(timeout: .now() + timeout) == .timedOut {
                timedOut = true
                kill(pid, SIGKILL)
                finished.wait()
            }
        } else {
            finished.wait()
        }
        process.waitUntilExit()
        lock.lock()
        live[pid] = nil
        let wasStopping = stopping
        lock.unlock()

        let seconds = Date().timeIntervalSince(start)
        let data = (try? Data(contentsOf: log)) ?? Data()
        let output = String(decoding: data, as: UTF8.self)
        if wasStopping { throw Interrupted() }
        let termination: Termination
        if timedOut {
            termination = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            termination = .signaled(process.terminationStatus)
        } else {
            termination = .exited(process.terminationStatus)
        }
        return ProcessResult(termination: termination, seconds: seconds, output: output)
    }

    /// Kills every child still running and refuses to start new ones. Used on Ctrl-C.
    public func stopAll() {
        lock.lock()
        stopping = true
        let pids = Array(live.keys)
        lock.unlock()
        for pid in pids {
            // Children may lead their own process group; kill the group first, then the process.
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
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
