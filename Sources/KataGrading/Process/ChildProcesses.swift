import Foundation
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes the supervisor and the grader end, as the kernel lists them
/// (`KataGradingKernel`: /proc on Linux, libproc and sysctl on macOS).
enum ChildProcesses {
    /// The children of a process.
    static func of(_ parent: pid_t) -> [pid_t] {
        var pids = [Int32](repeating: 0, count: 4096)
        let count = kata_children(parent, &pids, Int32(pids.count))
        return Array(pids.prefix(Int(max(0, count))))
    }

    /// This user's processes started with an environment entry that begins with `prefix`
    /// (`KATA_RUN=<a run's folder>`): what a test started, wherever it went since.
    static func marked(_ prefix: String) -> [pid_t] {
        var pids = [Int32](repeating: 0, count: 4096)
        let count = kata_marked_processes(prefix, &pids, Int32(pids.count))
        return Array(pids.prefix(Int(max(0, count))))
    }

    /// Kills every process `marked(prefix)` finds, again until none is left (a marked process
    /// may start another between two looks), for at most two seconds.
    static func endMarked(_ prefix: String) {
        let until = Date().addingTimeInterval(2)
        while Date() < until {
            let found = marked(prefix)
            if found.isEmpty { return }
            for pid in found { kill(pid, SIGKILL) }
            usleep(5000)
        }
    }
}
