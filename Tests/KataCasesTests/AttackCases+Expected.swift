import Foundation
@testable import KataGrading
import KataGradingCore

/// The attacks of `Tests/Attacks/<name>/`, graded by `grade.sh --attacks`, whose lines are one per
/// check: the attack, the check (the `attack` file's key), what it must get, what it got, and the
/// grade's words. An attack's lines are not together (a round's `after` checks follow all its
/// attacks' first ones): each case gets its lines when the grade has ended.
extension AttackCases {
    static let mode = "--attacks"
    static let wholeGrade = true
    static let caseOfLine: @Sendable ([String]) -> String? = { line in line.count >= 5 ? line[0] : nil }

    /// The checks an attack's `attack` file asks for (`AttackRounds`), each of which must pass.
    struct Expected: CustomStringConvertible {
        var checks: [String]
        var description: String { "its checks (\(checks.joined(separator: ", "))) to pass" }
    }

    /// Whether this system's grader is held to the attack (`on:` in its file); a case it is not
    /// held to is reported skipped, with the README's reason.
    static func checkedHere(_ name: String) -> Bool {
        (try? Attack.load(Checkout.root.appendingPathComponent("Tests/Attacks/\(name)")))?.checkedHere ?? true
    }

    static func expected(_ name: String, in course: Course) throws -> Expected {
        let folder = course.paths.root.appendingPathComponent("Tests/Attacks/\(name)")
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw CatalogError("no attack \(name) in Tests/Attacks/: this test is stale, run Scripts/regenerate.sh.")
        }
        let attack = try Attack.load(folder)
        let reason = attack.reason == nil ? [] : ["reason"]
        if attack.fixture != nil { return Expected(checks: ["fixture", "expect"] + reason + ["fresh"]) }
        if attack.poisons {
            return Expected(checks: (attack.warm ? ["warm"] : []) + (attack.thenEdit == nil ? [] : ["then-edit"])
                            + ["stops", "expect"] + reason + (attack.fresh ? ["fresh"] : []))
        }
        return Expected(checks: ["expect"] + reason + (attack.after == nil ? [] : ["after"]))
    }

    static func problems(_ lines: [[String]], against expected: Expected) -> [String] {
        let failed = lines.filter { $0[2] != $0[3] }.map { "\($0[1]) must get \($0[2]) but got \($0[3]): \($0[4])" }
        let made = Set(lines.map { $0[1] })
        let missing = expected.checks.filter { !made.contains($0) }.map { "no \($0) check was made" }
        return failed + missing
    }
}
