import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// `grade.sh --fixtures` judges every weak suite on its own although one grade judges many: the
/// rounds it makes from the real catalog and fixtures.
final class FixtureRoundsTests: XCTestCase {
    let root = KataCheckout.root

    func cases(_ names: [String] = []) throws -> [FixtureRounds.Case] {
        let catalog = try Catalog.load(from: root.appendingPathComponent("Catalog/catalog.json"))
        return try FixtureRounds.cases(names, catalog: catalog, root: root)
    }

    func test_rounds_gradeEverySuiteOnce_neverTwoOfAnExercise_norOneOverFilesAnotherCompilesWith() throws {
        let cases = try cases()
        let rounds = PlantedRounds.plan(cases)
        XCTAssertEqual(rounds.flatMap { $0 }.map { "\($0.exercise.id)/\($0.suite.name)" }.sorted(),
                       cases.map { "\($0.exercise.id)/\($0.suite.name)" }.sorted())
        for round in rounds {
            XCTAssertEqual(Set(round.map(\.exercise.id)).count, round.count)
            for a in round {
                for b in round where a.exercise.id != b.exercise.id {
                    XCTAssertTrue(a.writes.isDisjoint(with: b.reads), "\(a.suite.name) replaces a file \(b.exercise.id) compiles with")
                }
            }
        }
        // Rounds share builds: far fewer rounds than suites.
        XCTAssertLessThan(rounds.count * 3, cases.count)
    }

    func test_aSuiteWrittenForTheOtherTrack_isJudgedOnThatTrack() throws {
        let suite = try XCTUnwrap(cases(["flaky-tests-order/shipped-swift-testing"]).first)
        XCTAssertEqual(suite.key, "flaky-tests-order@swift-testing")
        let other = try XCTUnwrap(cases(["mocking-request/vacuous"]).first)
        XCTAssertEqual(other.key, "mocking-request")
    }

    func test_namesSelectSuitesOrExercises_andAnUnknownOneIsNamedWithTheNearest() throws {
        XCTAssertEqual(try cases(["mocking-request"]).map(\.suite.name), ["article", "executed-only", "vacuous"])
        XCTAssertEqual(try cases(["mocking-request/vacuous"]).map(\.suite.name), ["vacuous"])
        XCTAssertThrowsError(try cases(["mocking-request/vacuos"])) {
            XCTAssertTrue("\($0)".contains("Did you mean mocking-request/vacuous?"), "\($0)")
        }
    }
}
