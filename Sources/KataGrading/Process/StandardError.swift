import Foundation

/// The grader's standard error: progress, waiting and warnings, never results.
struct StandardError: Sendable {
    func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
