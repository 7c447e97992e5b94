/// The verdict of runs made through `swift test` (the grader's channel silent on this machine:
/// `ChannelFallback` in the grader): said by the judge like every other, and marked as less
/// protected.
extension Judge {
    /// The line a verdict made from `swift test` carries, in the report and the JSON's details.
    public static let throughSwiftPMLine = "- Graded with `swift test`, not through the grader's private channel: what a test prints and its exit status decide here, so this verdict is less protected (README, \"When the grader's channel is silent\")."

    /// Marks a verdict judged from runs made through `swift test`. A variant that could not be
    /// applied (the hook never connected) leaves only what the real code's runs show: a pass
    /// there says nothing about the planted bugs, so it is not *done* but *needs*.
    public static func markThroughSwiftPM(_ verdict: inout Verdict, evidence: Evidence, track: Catalog.Exercise) {
        let all = evidence.real + evidence.chaffs.map(\.outcome) + evidence.wheats.map(\.outcome)
        guard all.contains(where: { $0.viaSwiftPM == true }) else { return }
        let unapplied = (evidence.chaffs + evidence.wheats).filter { $0.outcome.variantNotApplied == true }
        if !unapplied.isEmpty {
            var real = judge(track, evidence: Evidence(real: evidence.real))
            if real.kind == .done || real.kind == .missesBugs || real.kind == .rejectsCorrectCode {
                real = Verdict(kind: .needs, reason: "the grader's run hook (the planted bugs' switch) did not load on this machine: the tests pass on the real code, and whether they catch bugs cannot be told here.",
                               next: "Run Scripts/grade.sh --doctor and send its report to your instructor.")
            }
            verdict = real
        }
        verdict.details.append(throughSwiftPMLine)
        verdict.viaSwiftPM = true
    }
}
