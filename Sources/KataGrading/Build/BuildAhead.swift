import Foundation
import KataGradingCore

extension Grader {
    /// Builds the shadow copy of `Exercises/` ahead of the next grade, when no build of it ever
    /// started. A fresh clone's first run grades every exercise "not started" and so builds
    /// nothing; the attendee's first real grade then built the copy from nothing (18 s on a quiet
    /// machine, 50 s on a busy one) after the first run had already built the grader. Built now, as
    /// the next grade will build it (the legacy modules with their variants, the grader's hook,
    /// every started track), that grade only compiles the edited track and links, on either
    /// framework's track. Said on standard error, with SwiftPM's `[n/m]` on a terminal.
    ///
    /// Bounded and stopped like any build (Ctrl-C ends it; the next grade then builds what is
    /// left). Skipped when another grade.sh holds the checkout, which builds the copy itself. A
    /// failure only says so: the next grade builds, and names what fails. Not a stage of a grade:
    /// it runs after one, with the plan and the copy a grade would make.
    public func prepareCopy(swift: String) {
        // Every grade asks: a built copy answers with one `stat`, and costs a grade nothing more.
        guard ShadowBuild.exercisesCopyNeverBuilt(course.paths),
              let lock = CheckoutLock.acquireIfFree(in: course.paths.state) else { return }
        defer { lock.release() }
        defer { runner.endAdopted() }
        let plan = plan(course.catalog.exercises, source: .exercises)
        guard var shadowBuild = try? ShadowBuild(course: course, plan: plan, swift: swift, platform: platform, runner: runner,
                                                 leftOut: Set(plan.unmet.keys)),
              shadowBuild.neverBuilt else { return }
        shadowBuild.ahead = true
        do {
            _ = try runner.interruption.saying(Self.copyInterrupted) { try shadowBuild.run(after: try shadowBuild.prepare()) }
        } catch {
            StandardError().write("The grader's copy of the kata did not build (\(error)); your next grade builds it again.\n")
        }
    }

    /// What Ctrl-C while `prepareCopy` builds says.
    static let copyInterrupted = "\nStopped building the grader's copy of the kata; your next grade builds the rest. Your files are untouched.\n"
}
