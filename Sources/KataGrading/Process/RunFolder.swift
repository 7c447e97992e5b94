import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test run's own folder: its channel's socket (`s`) and the test's `TMPDIR` (`t/`). It lives
/// outside the checkout, under a short ASCII path: a Unix socket's path is at most 104 bytes on
/// macOS (108 on Linux), and a checkout can sit deep in a folder with accents and spaces. Made
/// private (0700) by `mkdtemp`, removed when the run ends; its name starts with the checkout's own
/// prefix, so that a grade can remove what a grade of this checkout killed outright left behind.
struct RunFolder {
    let url: URL

    /// The system's temporary folder: `TMPDIR` when its path is short, plain and writable, else
    /// `/tmp` (both systems have it). One rule for every temporary folder: `TemporaryRoot`'s.
    static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        TemporaryRoot.systemTemporary(environment)
    }

    /// `kata-<checkout>-`, where `<checkout>` is the grader's one hash (`Fingerprint`) of the
    /// checkout's path, cut to 12 characters as `TemporaryRoot`'s name is: a run's socket
    /// (`<root>/kata-…-XXXXXX/s`, the root at most 64 bytes) stays within the 104 bytes macOS
    /// allows a socket's path.
    static func prefix(for checkout: URL) -> String {
        "kata-" + Fingerprint.hex(Data(checkout.standardizedFileURL.path.utf8)).prefix(12) + "-"
    }

    static func make(for checkout: URL) throws -> RunFolder {
        var template = Array((root() + "/" + prefix(for: checkout) + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ProcessRunner.RunError.cannotWrite(root(), errno)
        }
        let folder = RunFolder(url: URL(fileURLWithPath: String(cString: made)))
        try FileManager.default.createDirectory(at: folder.temporary, withIntermediateDirectories: true)
        return folder
    }

    static func socket(in folder: String) -> String { folder + "/s" }

    /// What every process a run started carries in its environment, unless it dropped it: the
    /// hook's variable naming the run's socket (`RunHookSource.environmentKey`).
    static func mark(of folder: String) -> String { RunHookSource.environmentKey + "=" + socket(in: folder) }

    /// The mark of every run of `checkout` (their folders share its prefix).
    static func marks(of checkout: URL) -> String { RunHookSource.environmentKey + "=" + root() + "/" + prefix(for: checkout) }

    var temporary: URL { url.appendingPathComponent("t") }

    func remove() { GraderFolder.removeWhole(url) }

    /// Removes the folders of runs of this checkout that a grade killed outright left behind.
    /// Called while holding the checkout's lock, when none of its runs is going on.
    static func removeLeftovers(for checkout: URL) {
        let root = root(), prefix = prefix(for: checkout)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where entry.hasPrefix(prefix) {
            GraderFolder.removeWhole(URL(fileURLWithPath: root + "/" + entry))
        }
    }
}
