import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pipes between the grader and one supervisor (`ProcessRunner`), or, unsupervised, the
/// command itself. Every descriptor is close-on-exec: the child gets only those `Spawn` maps.
struct SupervisorPipes {
    /// The supervisor's status (`started <pid>`, then its report): the grader reads `status[0]`.
    var status: [Int32] = [-1, -1]
    /// The orders: the supervisor reads `control[0]`, the grader writes `control[1]` once.
    var control: [Int32] = [-1, -1]
    /// A test run's relay (`RunRelay`), the grader reading `relay[0]`; -1 for a run without one.
    var relay: [Int32] = [-1, -1]

    init(relay wanted: Bool) throws {
        guard pipe(&status) == 0 else { throw ProcessRunner.RunError.cannotWrite("a pipe", errno) }
        guard pipe(&control) == 0 else {
            status.forEach { close($0) }
            throw ProcessRunner.RunError.cannotWrite("a pipe", errno)
        }
        for fd in status + control { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(status[0], F_SETFL, fcntl(status[0], F_GETFL) | O_NONBLOCK)
        guard wanted else { return }
        guard pipe(&relay) == 0 else {
            (status + control).forEach { close($0) }
            throw ProcessRunner.RunError.cannotWrite("a pipe", errno)
        }
        for fd in relay { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(relay[0], F_SETFL, fcntl(relay[0], F_GETFL) | O_NONBLOCK)
    }

    /// The ends the child was to inherit, and the orders' write end: when it was never started.
    func closeChildEnds() {
        [status[1], control[0], control[1], relay[1]].filter { $0 >= 0 }.forEach { close($0) }
    }

    /// The ends the grader reads, once the child has ended.
    func closeGraderReads() {
        close(status[0])
        if relay[0] >= 0 { close(relay[0]) }
    }
}

/// Reads a test run's relay as it comes, handing every chunk to `sink`, until its end.
final class RelayReader {
    let fd: Int32
    private(set) var ended: Bool
    private var buffer: [UInt8]
    private let sink: ((UnsafeRawBufferPointer) -> Void)?

    /// `fd` -1: a run without a relay, ended from the start.
    init(_ fd: Int32, sink: ((UnsafeRawBufferPointer) -> Void)?) {
        self.fd = fd
        self.sink = sink
        ended = fd < 0
        buffer = [UInt8](repeating: 0, count: fd < 0 ? 0 : 1 << 16)
    }

    /// Reads what is there now, without waiting.
    func readAvailable() {
        while !ended {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { ended = true }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { sink?(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// Reads until the relay's end, for at most `seconds`: once no process holds its write end.
    func drain(within seconds: TimeInterval) {
        let until = Date().addingTimeInterval(seconds)
        while !ended, Date() < until {
            readAvailable()
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if !ended { _ = poll(&ready, 1, 20) }
        }
    }
}

extension ProcessRunner {
    /// What a supervisor sends on its status pipe, as it arrives: `started <pid>`, then its report.
    struct StatusReply {
        private var bytes: [UInt8] = []
        var started: pid_t?
        var report: SupervisorReport?
        /// The pipe reached its end: the supervisor exited.
        var ended = false

        mutating func read(_ fd: Int32) {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count < 4 << 20 {
                let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count == 0 { ended = true }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            for line in bytes.split(separator: 10) {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("started "), started == nil { started = pid_t(text.dropFirst(8)) }
                else if text.hasPrefix("{") { report = try? JSONDecoder().decode(SupervisorReport.self, from: Data(line)) }
            }
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif
