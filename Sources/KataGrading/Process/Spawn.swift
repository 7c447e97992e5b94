import Foundation
import KataGradingCore
import KataGradingKernel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a child process the way every child of the grader starts: standard input from
/// `/dev/null`, an empty signal mask and every signal at its default, whatever the calling thread
/// had blocked (a dispatch worker blocks most signals, and a test would inherit that).
/// Used by `ProcessRunner` to start a supervisor, and by `Supervisor` to start its program.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// - Parameters:
    ///   - environment: the child's whole environment; `nil` passes this process's own.
    ///   - descriptors: pairs (from, to): the child gets `from` as its descriptor `to`.
    ///   - newSession: whether the child leads a session of its own, and with it a process group
    ///     (a group alone where the C library cannot start a session). A session has no
    ///     controlling terminal: what the child starts cannot type into the grade's terminal
    ///     (`TIOCSTI`, input that the attendee's shell would run once the grade is over), nor take
    ///     its foreground, nor open it as `/dev/tty`.
    static func start(_ program: String, _ arguments: [String], environment: [String: String]?,
                      descriptors: [(from: Int32, to: Int32)], newSession: Bool) throws -> pid_t {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (from, to) in descriptors { posix_spawn_file_actions_adddup2(&actions, from, to) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newSession {
            // Never both: a session's leader already leads its group, and cannot be moved to another.
            let session = Int32(kata_spawn_new_session_flag())
            if session != 0 {
                flags |= session
            } else {
                posix_spawnattr_setpgroup(&attributes, 0)
                flags |= POSIX_SPAWN_SETPGROUP
            }
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = envp.map { posix_spawn(&pid, program, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw Failure(description: "cannot start \(program): \(String(cString: strerror(result)))")
        }
        return pid
    }
}
