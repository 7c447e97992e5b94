import Foundation

/// How the build replay runs the compiler and the linker. The grader hands it its own runner, so
/// that every job is supervised and bounded in time like any other child of the grader.
public protocol CommandRunner: Sendable {
    /// Runs `command` (the program, then its arguments) with `environment` added to this process's,
    /// killed after `timeout` seconds, its output written to `log`. `sharingSwiftPMTemporary`: its
    /// temporary folder is the one SwiftPM's own commands share, rather than one of its own.
    /// Returns what it printed when it exited with 0, else nil.
    func output(of command: [String], environment: [String: String], timeout: Double, log: URL,
                sharingSwiftPMTemporary: Bool) -> String?
}
