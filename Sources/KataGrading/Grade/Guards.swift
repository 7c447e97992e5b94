import Foundation
import KataGradingCore

extension Grader {
    /// Grades while holding the checkout's lock (`CheckoutLock`), so that two grade.sh runs never
    /// share the shadow copy at once: the second one says it is waiting, then goes on. However the
    /// grade ends, nothing it started or adopted outlives it, and the kata's own files are checked
    /// as shipped (`ShippedKata`). The seal (`SealWatch`) is taken and checked by the run and keep
    /// stages; the grader's folder is guarded by `GraderFolder`.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        try gradeLocked(selected, plan: nil, options: options, swift: swift, report: report)
    }

    /// As above, grading `plan`, made by the caller before (`plan(_:source:)`), when not nil.
    func gradeLocked(_ selected: [Catalog.Exercise], plan: GradePlan?, options: GradeOptions, swift: String,
                     report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let lock = try CheckoutLock.acquire(in: course.paths.state) { StandardError().write($0) }
        defer { lock.release() }
        defer {
            runner.endAdopted()
            runner.endMarked(runsOf: course.paths.root)
        }
        runner.endMarked(runsOf: course.paths.root)
        runner.removeLeftoverTemporaries()
        RunFolder.removeLeftovers(for: course.paths.root)
        // The kata's own files (catalog, legacy and grader sources, manifest) as shipped, before
        // anything is built; put back, and the grade stopped, if a test changed them.
        let shipped = try ShippedKata.verified(course.paths)
        let results: [ExerciseResult]
        do {
            results = try grade(selected, plan: plan, options: options, swift: swift, report: report)
        } catch {
            runner.endAdopted()
            try shipped.checkUnchanged()
            // A grade that failed because a test took the permissions of a folder it writes into
            // (its logs, the copy's sources) fails the same way every time after: they go back.
            let taken = GraderFolder.giveOwnerAccess(under: course.paths.state)
            if !taken.isEmpty, !(error is GraderSeal.Broken) { throw GraderFolder.AccessTaken(paths: taken.map { course.paths.relative(URL(fileURLWithPath: $0)) }) }
            throw error
        }
        try shipped.checkUnchanged()
        return results
    }
}
