import Foundation

/// Everything the runs of one exercise showed.
public struct Evidence: Sendable {
    public var real: [TestOutcome]
    public var chaffs: [(variant: Variant, outcome: TestOutcome)]
    /// The catalog's wheats and those generated from the exercise's perturbation points (`seed`).
    public var wheats: [(variant: Variant, outcome: TestOutcome)]
    /// The replay, with the same seed, of each generated wheat that did not pass, by its name.
    public var replays: [String: TestOutcome]
    /// For each margin seed's wheat that failed, by its name: the same timing inside the contract
    /// (`Perturbation.insideContract`) and how it ran.
    public var insideContract: [String: (variant: Variant, outcome: TestOutcome)] = [:]

    public init(real: [TestOutcome], chaffs: [(variant: Variant, outcome: TestOutcome)] = [],
                wheats: [(variant: Variant, outcome: TestOutcome)] = [], replays: [String: TestOutcome] = [:],
                insideContract: [String: (variant: Variant, outcome: TestOutcome)] = [:]) {
        self.real = real
        self.chaffs = chaffs
        self.wheats = wheats
        self.replays = replays
        self.insideContract = insideContract
    }
}
