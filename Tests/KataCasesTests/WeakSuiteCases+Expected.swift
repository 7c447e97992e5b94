import Foundation
@testable import KataGrading
import KataGradingCore
import KataVerdicts

/// The weak suites of `Tests/Fixtures/<id>/<name>/`, graded by `grade.sh --fixtures`, whose
/// lines are: track key, name, the verdict `expected` asks for, the verdict got, the reason, and
/// the wheat `expected` names.
extension WeakSuiteCases {
    static let mode = "--fixtures"
    static let caseOfLine: @Sendable ([String]) -> String? = { line in
        line.count >= 6 ? "\(TrackKey(line[0]).id)/\(line[1])" : nil
    }

    /// What a weak suite's `expected` file asks for: its verdict and, for one a written wheat
    /// rejects (`rejected-by:`), that wheat's hint in the reason, as the judge quotes it; with
    /// `hand-off:`, the hand-off the rejection names as the one that matters.
    struct Expected: CustomStringConvertible {
        var verdict: String
        var wheat: (name: String, hint: String)?
        var handOff: String?
        var description: String {
            verdict + (wheat.map { " by the wheat \($0.name) (\"\($0.hint)\")" } ?? "") + (handOff.map { ", naming the hand-off \"\($0)\"" } ?? "")
        }
    }

    /// Every weak suite of the checkout, read once: read again for each case, the folders cost the
    /// first cases seconds under load, and the cases asked for later missed their grade.
    static let suites = Result { try Checkout.course.get() }.flatMap { course in
        Result { try FixtureRounds.cases([], catalog: course.catalog, root: course.paths.root) }
    }

    static func expected(_ name: String, in course: Course) throws -> Expected {
        guard let suite = try suites.get().first(where: { $0.name == name }) else {
            throw CatalogError("no weak suite \(name) in Tests/Fixtures/: this test is stale, run Scripts/regenerate.sh.")
        }
        guard let verdict = suite.suite.expected.firstLine else { throw CatalogError("Tests/Fixtures/\(name)/expected names no verdict.") }
        guard let wheat = suite.suite.expected.rejectedBy else { return Expected(verdict: verdict, handOff: suite.suite.expected.handOff) }
        let module = suite.exercise.module
        guard let variant = course.variants.first(where: { $0.module == module && $0.name == wheat && $0.kind == .wheat }) else {
            throw CatalogError("Tests/Fixtures/\(name)/expected names the wheat \(wheat), which is not in Catalog/Variants/\(module)/.")
        }
        return Expected(verdict: verdict, wheat: (wheat, variant.hint(for: suite.suite.track(of: suite.exercise).framework)),
                        handOff: suite.suite.expected.handOff)
    }

    static func problems(_ lines: [[String]], against expected: Expected) -> [String] {
        let line = lines[0], got = line[3], reason = line[4]
        var problems: [String] = []
        if got != expected.verdict { problems.append("got \(got): \(reason)") }
        // The judge writes the hint as a sentence: its first letter may be a capital.
        if let wheat = expected.wheat, got == expected.verdict, !reason.contains(wheat.hint.dropFirst()) {
            problems.append("the reason does not quote that wheat's hint: \(reason)")
        }
        // The line that names it, up to the next detail ("- ").
        let named = reason.components(separatedBy: "The hand-off that matters: ").dropFirst().first?.components(separatedBy: " - ").first
        if let handOff = expected.handOff, got == expected.verdict, named?.contains(handOff) != true {
            problems.append("the reason does not name the hand-off that matters (\(handOff)): \(reason)")
        }
        return problems
    }
}
