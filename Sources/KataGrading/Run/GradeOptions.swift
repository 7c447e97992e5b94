import Foundation

public struct GradeOptions: Sendable {
    public var source: TestSource = .exercises
    /// How many times the real module's tests run; runs that disagree make a suite flaky.
    public var repeats: Int = 3
    public init() {}
}
