import Foundation
import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command a supervisor runs, once started (`Supervisor.supervise`): the read ends of its
/// output and Swift Testing's events, its run channel, the capped log and the relay to the grader,
/// and the loop that drains them all while it runs and after it ends.
///
/// A class: `readAll`, `pollOnce` and `sendRelayed` share the descriptors, the buffer and the relay.
final class SupervisedCommand {
    let orders: SupervisorOrders
    let child: pid_t
    /// The read end of the command's standard output and error.
    let output: Int32
    /// The read end of Swift Testing's event stream (the test's descriptor 3).
    let events: Int32
    let channel: RunChannel?
    /// Readable as soon as the command ends (`kata_child_ended_descriptor`), or -1.
    let childEnded: Int32
    private var log: OutputLog
    private var relay = RunRelay.Outbox()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The pipes not yet at their end.
    private var open: Set<Int32>

    init(orders: SupervisorOrders, child: pid_t, output: Int32, events: Int32, channel: RunChannel?, childEnded: Int32) {
        self.orders = orders
        self.child = child
        self.output = output
        self.events = events
        self.channel = channel
        self.childEnded = childEnded
        log = OutputLog(sink: 1, headLimit: orders.test == nil ? OutputLog.toolHead : OutputLog.testHead,
                        keeping: orders.test == nil ? ["error:", "note:"] : [])
        open = [output]
        if orders.test?.framework == .swiftTesting { open.insert(events) } else { close(events) }
    }

    /// Drains the command while it runs, until it ends (its termination), its time limit passes
    /// (`.timedOut`), or the grader asks it to stop or dies (stopped, no termination).
    func waitForEnd(parent: pid_t) -> (termination: Termination?, stopped: Bool) {
        let deadline = Date().addingTimeInterval(orders.limit)
        while true {
            // The command's end and its output wake the poll; the timeout only bounds how late the
            // time limit and the grader's death are seen (every 10 ms where no end can wake it).
            pollOnce(childEnded >= 0 ? 100 : 10)
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child { return (Supervisor.termination(status), false) }
            if Supervisor.stopRequested != 0 || getppid() != parent { return (nil, true) }
            if Date() >= deadline { return (.timedOut, false) }
        }
    }

    /// Kills everything the command started, drains what it wrote, flushes the relay (unless
    /// `stopped`) and closes it. Returns the bytes the log cut.
    func finish(stopped: Bool) -> Int {
        // The group first (it holds most of what the command started), then anything that escaped.
        kill(-child, SIGKILL)
        kill(child, SIGKILL)
        if !orders.subreaper, let test = orders.test { ChildProcesses.endMarked(RunFolder.mark(of: test.folder)) }
        Supervisor.reapEverything()
        // Every writer is dead now, so the pipes and the channel end soon; bound the wait all the same.
        let until = Date().addingTimeInterval(1)
        while Date() < until, !open.isEmpty || !(channel?.connections.isEmpty ?? true) { pollOnce(20) }
        log.finish()
        if let channel {
            // The grader reads the relay as it comes: what is left goes within a bounded wait, and
            // a relay without its end is one the grader does not trust (`RunReading.summary`).
            relay.end(hookConnected: channel.hookConnected)
            let flushed = Date().addingTimeInterval(5)
            while !relay.isEmpty, !stopped, Date() < flushed, sendRelayed() {
                var writable = pollfd(fd: Supervisor.relayDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, 20)
            }
            close(Supervisor.relayDescriptor)
        }
        return log.cutBytes
    }

    /// Writes what the relay can take now; false once the grader's end is gone.
    @discardableResult private func sendRelayed() -> Bool {
        var gone = false
        relay.send { bytes in
            let count = write(Supervisor.relayDescriptor, bytes.baseAddress, bytes.count)
            if count < 0, errno != EAGAIN, errno != EINTR { gone = true }
            return count
        }
        return !gone
    }

    private func readAll(_ fd: Int32) {
        // Past the relay's bound, the rest waits in its pipe or socket until the grader takes some.
        while !relay.isFull {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return }
            if count == 0 {
                if open.remove(fd) == nil { channel?.drop(fd) }
                close(fd)
                return
            }
            buffer.withUnsafeBytes { raw in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<count])
                if fd == output {
                    log.take(chunk)
                    if orders.test != nil { relay.put(.output, chunk) }
                } else if fd == events {
                    relay.put(.events, chunk)
                } else if let connection = channel?.connections.first(where: { $0.fd == fd }), connection.role == .testProcess {
                    relay.put(.channel, chunk, key: connection.key)
                }
            }
            sendRelayed()
        }
    }

    private func pollOnce(_ milliseconds: Int32) {
        var fds: [pollfd] = []
        if !relay.isFull {
            fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let channel {
                fds.append(pollfd(fd: channel.listener, events: Int16(POLLIN), revents: 0))
                fds += channel.connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            }
        }
        if !relay.isEmpty { fds.append(pollfd(fd: Supervisor.relayDescriptor, events: Int16(POLLOUT), revents: 0)) }
        if childEnded >= 0 { fds.append(pollfd(fd: childEnded, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return }
        for entry in fds where entry.revents != 0 {
            if entry.fd == childEnded { kata_child_ended_drain() }
            else if entry.fd == Supervisor.relayDescriptor { sendRelayed() }
            else if entry.fd == channel?.listener { channel?.acceptWaiting() } else { readAll(entry.fd) }
        }
    }
}
