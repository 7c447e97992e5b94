import Foundation
import KataGradingCore

/// `--framework [xctest|swift-testing]`: says which framework the attendee does the course in,
/// or chooses it.
enum FrameworkCommand {
    static func run(_ framework: Catalog.Framework?, course: Course, style: Style) throws -> Int32 {
        let say = { (text: String) in style.wrap(text, indent: "").forEach { print($0) } }
        guard let framework else {
            let chosen = FrameworkChoice.load(course.paths)
            say("You do the course in \(chosen?.title ?? "XCTest (the default)"). Change it with Scripts/grade.sh --framework swift-testing (or xctest).")
            return GradeCommand.exitDone
        }
        try FrameworkChoice.save(framework, course.paths)
        let both = course.catalog.exercises.filter { $0.alternate != nil }.count
        let only = course.catalog.exercises.filter { $0.alternate == nil && $0.framework != framework }.count
        let other: Catalog.Framework = framework == .xctest ? .swiftTesting : .xctest
        say("You do the course in \(framework.title) now: \(both) of \(course.catalog.exercises.count) exercises exist in both frameworks, and their \(framework.title) files come first."
            + (only == 0 ? "" : only == 1 ? " The one that exists only in \(other.title) stays in it."
                                            : " The \(only) that exist only in \(other.title) stay in it."))
        return GradeCommand.exitDone
    }
}
