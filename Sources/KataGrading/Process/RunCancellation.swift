import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs that a grade may call off before they end: those started beside an exercise's first run,
/// which mean nothing once that run failed (`RunScheduler`). Each run's wait (`ProcessRunner`)
/// watches `descriptor`, readable once they are called off, and asks its supervisor to stop,
/// which ends the test and everything it started, as on Ctrl-C; a run not started yet is not
/// started.
///
/// `@unchecked Sendable`: the descriptors are set once, in `init`, and `calledOff` is a `Locked`.
final class RunCancellation: @unchecked Sendable {
    private let calledOff = Locked(false)
    private let ends: [Int32]

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        self.ends = ends
    }

    deinit { ends.filter { $0 >= 0 }.forEach { close($0) } }

    var isCalledOff: Bool { calledOff.value }

    /// Readable once the runs are called off (-1 if no pipe could be made: then only
    /// `isCalledOff` says it, at the wait's next look).
    var descriptor: Int32 { ends[0] }

    func callOff() {
        let first = calledOff.withLock { called -> Bool in
            defer { called = true }
            return !called
        }
        guard first, ends[1] >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
    }
}
