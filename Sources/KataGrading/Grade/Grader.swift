import Foundation
import KataGradingCore

/// The grader of one course on this machine: what every grade of a command shares. Its grades
/// are in `Grade.swift`, one stage after the other.
public struct Grader: Sendable {
    public let course: Course
    /// What the grader decides differently on each platform, and what this machine can run.
    public let platform: TestPlatform
    /// Where a framework goes when the private channel is silent on this machine.
    public let fallback: ChannelFallback
    /// The command's runner of child processes: every build and run of a grade goes through it.
    public let runner: ProcessRunner
    /// What the machine brings to every verdict's key, read once (`GradingMachine`).
    let machines = GradingMachine.Known([:])

    public init(course: Course, platform: TestPlatform, runner: ProcessRunner, fallback: ChannelFallback? = nil) {
        self.course = course
        self.platform = platform
        self.runner = runner
        self.fallback = fallback ?? ChannelFallback(system: platform.system)
    }
}
