/// The grader's verdicts as the room shows them. The raw values are the grader's own verdict
/// strings (`Verdict.Kind` in KataGrading, `status` in docs/results-json.md); the symbols make the
/// grid readable in black and white, where colour alone would not.
public enum RoomVerdict: String, Codable, Sendable, CaseIterable {
    case done
    case notStarted = "not started"
    case doesNotCompile = "does not compile"
    case failing
    case hangs
    case crashed
    case missesBugs = "misses bugs"
    case rejectsCorrectCode = "rejects correct code"
    case flaky
    case tooSlow = "too slow"

    public var symbol: String {
        switch self {
        case .done: "✓"
        case .notStarted: "·"
        case .doesNotCompile: "C"
        case .failing: "✗"
        case .hangs: "H"
        case .crashed: "!"
        case .missesBugs: "B"
        case .rejectsCorrectCode: "R"
        case .flaky: "~"
        case .tooSlow: "S"
        }
    }
}
