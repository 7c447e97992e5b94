import Testing

/// An attack's case fails for every check that did not get what it must, and for every check its
/// `attack` file asks for that the grade never made; not for a check that passed.
@Suite struct AttackCasesProblemsTests {
    @Test func everyFailedOrMissingCheckIsListed() {
        let lines = [
            ["an-attack", "expect", "crashed", "crashed", "a crash"],
            ["an-attack", "reason", "says \"x\"", "does not say \"x\"", "words"],
            ["an-attack", "after", "done", "failing", "more words"],
        ]
        let problems = AttackCases.problems(lines, against: .init(checks: ["expect", "reason", "after", "fresh"]))
        #expect(problems == [
            "reason must get says \"x\" but got does not say \"x\": words",
            "after must get done but got failing: more words",
            "no fresh check was made",
        ])
        #expect(AttackCases.problems(Array(lines.prefix(1)), against: .init(checks: ["expect"])) == [])
    }
}
