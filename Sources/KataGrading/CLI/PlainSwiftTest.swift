import Foundation
import KataGradingCore

/// The plain `swift test` line that runs only the attendee's tests of one exercise (not the
/// reference solution's class of the same name) and whose last line tells the truth.
enum PlainSwiftTest {
    static func command(for exercise: Catalog.Exercise, catalog: Catalog) -> String {
        let module = exercise.module
        // The tests live in the exercise's last file, in a type named after it.
        let suite = ((exercise.files.last ?? "") as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
        let filter = "'\(module)Exercises\\.\(suite)'"
        switch exercise.framework {
        case .xctest: return "swift test --filter \(filter) --disable-swift-testing"
        case .swiftTesting: return "swift test --filter \(filter) --disable-xctest"
        }
    }
}
