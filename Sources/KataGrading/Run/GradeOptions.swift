import Foundation

public struct GradeOptions: Sendable {
    public var source: TestSource = .exercises
    /// How many times the real module's tests run; runs that disagree make a suite flaky.
    public var repeats: Int = 3
    /// Make every run again, even of a track whose kept runs still stand (`--regrade`).
    public var regrade = false
    public init() {}
}
