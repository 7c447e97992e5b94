import Foundation
import Testing
@testable import KataGrading
import KataTestSupport

/// A kind of the kata's own cases: folders that each say what the grader must make of them,
/// graded by a mode of the real grader that prints tab-separated lines, one per case (or several,
/// `wholeGrade`). The kinds
/// differ only in the folder walked (`CaseTests`, which generates one `@Test` per folder) and the
/// mode: each kind's suite conforms, and its tests call `check`.
protocol GradedCases {
    /// The grader's mode that grades these cases (`--fixtures`, `--attacks`), followed by their names.
    static var mode: String { get }
    /// Whether a case has several lines, handed to it when the grade has ended (`CaseGrader`).
    static var wholeGrade: Bool { get }
    /// The case a line of that mode is about, as the mode names it; nil for another line.
    static var caseOfLine: @Sendable ([String]) -> String? { get }
    /// What is expected of `name`, read from its folder; throws, saying why, when there is none.
    associatedtype Expected: CustomStringConvertible
    static func expected(_ name: String, in course: Course) throws -> Expected
    /// What `lines` (the case's, at least one) get wrong against `expected`, each in a sentence;
    /// empty when nothing.
    static func problems(_ lines: [[String]], against expected: Expected) -> [String]
}

extension GradedCases {
    static var wholeGrade: Bool { false }

    /// Grades case `name` (sharing the grade with every case this process asks for at the same
    /// time, `CaseGrader`) and compares what the grader said with what its folder expects, whole;
    /// a failure points at the case's line in the generated file.
    func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let course = try Checkout.course.get()
        let replay = "Replay: Scripts/grade.sh \(Self.mode) \(name)"
        let expected: Expected
        do {
            expected = try Self.expected(name, in: course)
        } catch {
            // Asked of no grade: a shared grade would refuse every case for this one name.
            Issue.record("\(name): \(error)", sourceLocation: sourceLocation)
            return
        }
        switch await CaseGrader.shared.grade(name, mode: Self.mode, whole: Self.wholeGrade, caseOfLine: Self.caseOfLine) {
        case .failed(let why):
            Issue.record("\(name): expected \(expected), but \(why)\n\(replay)", sourceLocation: sourceLocation)
        case .lines(let lines):
            let problems = Self.problems(lines, against: expected)
            if !problems.isEmpty {
                Issue.record("\(name): expected \(expected); \(problems.joined(separator: "; "))\n\(replay)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// This checkout, and its course read once for every case.
enum Checkout {
    static let root = KataCheckout.root
    static let course = Result { try Course(paths: KataPaths(root: root)) }
}

extension Trait where Self == ConditionTrait {
    /// Graded cases are misbehaving code on purpose (weak suites, attacks): never run as root.
    static var notAsRoot: Self {
        .disabled(if: CaseGrader.runsAsRoot, "the cases grade misbehaving code, which never runs as root: run swift test as an unprivileged user")
    }
}
