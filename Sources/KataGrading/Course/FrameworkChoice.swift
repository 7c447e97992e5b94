import Foundation
import KataGradingCore

/// The test framework an attendee does the course in, chosen once with
/// `grade.sh --framework swift-testing` (or `xctest`) and kept in the attendee's state folder.
///
/// Exercises that exist in both frameworks then put that track first: its files are the ones the
/// "Next" card and `--hint` name, `--solution` shows, and a plain id grades when nothing is
/// started. Either track can still be done and graded at any time, whatever the choice.
public enum FrameworkChoice {
    static func file(_ paths: KataPaths) -> URL { paths.attendeeState.appendingPathComponent("framework") }

    public static func load(_ paths: KataPaths) -> Catalog.Framework? {
        guard let text = try? String(contentsOf: file(paths), encoding: .utf8) else { return nil }
        return Catalog.Framework(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    public static func save(_ framework: Catalog.Framework, _ paths: KataPaths) throws {
        try FileManager.default.createDirectory(at: paths.attendeeState, withIntermediateDirectories: true)
        try Data((framework.rawValue + "\n").utf8).write(to: file(paths), options: .atomic)
    }
}
