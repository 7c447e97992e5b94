import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// `grade.sh --attacks` reads every attack of `Tests/Attacks/` as typed fields and grades each on
/// its own although one grade judges many: the attacks as shipped, the rounds it makes of them,
/// and what it says of a mistyped attack file or name.
final class AttackRoundsTests: XCTestCase {
    let root = KataCheckout.root

    func cases(_ names: [String] = [], system: TestPlatform.System = .linux) throws -> [AttackRounds.Case] {
        let catalog = try Catalog.load(from: root.appendingPathComponent("Catalog/catalog.json"))
        return try AttackRounds.cases(names, catalog: catalog, root: root, system: system)
    }

    /// The self-test knows where it runs: an attack whose verdict holds on Linux alone (`on: linux`,
    /// the README saying why) is not planted on a Mac, and its case says it is skipped there.
    func test_anAttackHeldOnLinuxAlone_isLeftOutOnAMac_andItsCaseSaysSo() throws {
        let linux = Set(try cases(system: .linux).map(\.attack.name))
        let mac = Set(try cases(system: .macOS).map(\.attack.name))
        let linuxOnly = try Attack.all(root: root).filter { $0.systems == [.linux] }.map(\.name)
        XCTAssertEqual(linux.subtracting(mac), Set(linuxOnly))
        XCTAssertTrue(linuxOnly.contains("silences-the-event-stream"), "the README says macOS does not catch it")
        let generated = try String(contentsOf: root.appendingPathComponent("Tests/KataCasesTests/AttackCases.swift"), encoding: .utf8)
        for name in linuxOnly {
            XCTAssertTrue(generated.contains("@Test(\"\(name)\", .enabled(if: AttackCases.checkedHere(\"\(name)\")"), name)
        }
        XCTAssertThrowsError(try Attack.parse("# x\nexercise: mocking-request\nplant: a\nexpect: done\non: windows\n", name: "x", folder: root)) {
            XCTAssertTrue("\($0)".contains("takes linux, macos"), "\($0)")
        }
    }

    func test_everyAttackParses_namesATrackOfTheCatalog_andPlantsInAFileOfSolutions() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests/Attacks").path)
            .filter { !$0.hasPrefix(".") }
        let cases = try cases()
        XCTAssertEqual(cases.map(\.attack.name).sorted(), folders.sorted())
        for attack in cases.map(\.attack) {
            XCTAssertFalse(attack.summary.isEmpty, attack.name)
            XCTAssertEqual(attack.exercise.split(separator: "@").first.map(String.init), cases.first { $0.attack == attack }?.exerciseID)
        }
        XCTAssertGreaterThanOrEqual(cases.filter(\.attack.poisons).count, 1)
        XCTAssertGreaterThanOrEqual(cases.filter { $0.attack.fixture != nil }.count, 1)
    }

    func test_rounds_gradeEveryAttackOnce_neverTwoOfAnExerciseOrAFile_andAPoisonAlone() throws {
        let cases = try cases()
        let rounds = PlantedRounds.plan(cases)
        XCTAssertEqual(rounds.flatMap { $0 }.map(\.attack.name).sorted(), cases.map(\.attack.name).sorted())
        for round in rounds {
            XCTAssertEqual(Set(round.map(\.exerciseID)).count, round.count, "two attacks of one exercise: \(round.map(\.attack.name))")
            XCTAssertEqual(Set(round.map(\.attack.plant)).count, round.count, "two attacks in one file: \(round.map(\.attack.name))")
            for a in round {
                for b in round where a.attack.name != b.attack.name {
                    XCTAssertTrue(a.writes.isDisjoint(with: b.reads), "\(a.attack.name) plants in a file \(b.exerciseID) compiles with")
                }
            }
            if round.contains(where: { $0.attack.poisons || $0.attack.fixture != nil }) {
                XCTAssertEqual(round.count, 1, "an attack on what grades share is graded alone: \(round.map(\.attack.name))")
            }
        }
        // Rounds share builds: fewer rounds than attacks.
        XCTAssertLessThan(rounds.count, cases.count)
    }

    func test_aMistypedName_getsTheNearest() throws {
        XCTAssertEqual(try cases(["forges-a-pass"]).map(\.attack.name), ["forges-a-pass"])
        XCTAssertThrowsError(try cases(["forges-a-pas"])) {
            XCTAssertTrue("\($0)".contains("Did you mean forges-a-pass?"), "\($0)")
        }
    }

    func parse(_ text: String) throws -> Attack {
        try Attack.parse(text, name: "made-up", folder: root.appendingPathComponent("Tests/Attacks/forges-a-pass"))
    }

    func test_anAttackFile_withAnUnknownOrMissingField_isRefusedNamingTheFile() throws {
        let good = "# Does something.\nexercise: mocking-failure\nplant: Mocking/SearchFailureResponseTests.swift\nexpect: failing\n"
        XCTAssertEqual(try parse(good).expect, .failing)
        let cases: [(text: String, says: String)] = [
            (good + "reasons: always\n", "unknown field 'reasons' (did you mean reason?)"),
            (good.replacingOccurrences(of: "expect: failing\n", with: ""), "'expect:' is missing"),
            (good.replacingOccurrences(of: "plant: Mocking/SearchFailureResponseTests.swift\n", with: ""), "'plant:' is missing"),
            (good.replacingOccurrences(of: "failing", with: "fails"), "'expect: fails' is no verdict"),
            (good + "poisons: maybe\n", "takes yes or no"),
            (good + "warm: yes\n", "'warm:' goes with 'poisons: yes'"),
            (good + "expect: done\n", "'expect' is given twice"),
            (String(good.drop { $0 != "\n" }.dropFirst()), "first line must be"),
        ]
        for (text, says) in cases {
            XCTAssertThrowsError(try parse(text), says) {
                XCTAssertTrue("\($0)".hasPrefix("Tests/Attacks/made-up/attack: "), "\($0)")
                XCTAssertTrue("\($0)".contains(says), "\($0) should say \(says)")
            }
        }
    }

    func test_aCheckPasses_whenItGotWhatItMustGet_andItsLineHasFiveFields() {
        let check = AttackRounds.Check(attack: "a", key: "expect", must: "done", got: "done", detail: "all\tcaught\n")
        XCTAssertTrue(check.passed)
        XCTAssertEqual(check.line.split(separator: "\t", omittingEmptySubsequences: false).count, 5)
        XCTAssertFalse(AttackRounds.Check(attack: "a", key: "expect", must: "done", got: "failing", detail: "").passed)
    }

    func test_attacksRefuseRoot_sayingWhyAndHow() throws {
        let refusal = try XCTUnwrap(GradingCommand.attacksRefusal(effectiveUser: 0))
        XCTAssertTrue(refusal.contains("not as root"), refusal)
        XCTAssertTrue(refusal.contains("misbehave on purpose"), refusal)
        XCTAssertTrue(refusal.contains("runuser -u"), refusal)
        XCTAssertNil(GradingCommand.attacksRefusal(effectiveUser: 1000))
    }

    func test_theCommandLine_namesAttacks_andKeepsLogsForThem() throws {
        let arguments = try Arguments.parse(["--attacks", "forges-a-pass", "reads-a-fixture", "--keep-logs", "logs"])
        XCTAssertEqual(arguments.action, .attacks)
        XCTAssertEqual(arguments.attacks, ["forges-a-pass", "reads-a-fixture"])
        XCTAssertEqual(arguments.ids, [])
        XCTAssertEqual(arguments.keptLogs, "logs")
        XCTAssertThrowsError(try Arguments.parse(["--attacks", "--from", "Solutions"]))
        XCTAssertThrowsError(try Arguments.parse(["--attacks", "--times", "2"]))
    }
}
