import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
