import Foundation

/// Everything the runs of one exercise showed.
public struct Evidence: Sendable {
    public var real: [TestOutcome]
    public var chaffs: [(variant: Variant, outcome: TestOutcome)]
    public var wheats: [(variant: Variant, outcome: TestOutcome)]

    public init(real: [TestOutcome], chaffs: [(variant: Variant, outcome: TestOutcome)] = [],
                wheats: [(variant: Variant, outcome: TestOutcome)] = []) {
        self.real = real
        self.chaffs = chaffs
        self.wheats = wheats
    }
}
