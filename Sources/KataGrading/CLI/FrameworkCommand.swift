import Foundation
import KataGradingCore

/// `--framework [xctest|swift-testing]`: says which framework the attendee does the course in,
/// or chooses it.
enum FrameworkCommand {
    static func run(_ framework: Catalog.Framework?, course: Course) throws -> Int32 {
        guard let framework else {
            let chosen = FrameworkChoice.load(course.paths)
            print("You do the course in \(chosen?.title ?? "XCTest (the default)"). Change it with Scripts/grade.sh --framework swift-testing (or xctest).")
            return GradeCommand.exitDone
        }
        try FrameworkChoice.save(framework, course.paths)
        let both = course.catalog.exercises.filter { $0.alternate != nil }.count
        print("You do the course in \(framework.title) now: \(both) of \(course.catalog.exercises.count) exercises exist in both frameworks, and their \(framework.title) files come first. Exercises only in the other framework stay as they are.")
        return GradeCommand.exitDone
    }
}
