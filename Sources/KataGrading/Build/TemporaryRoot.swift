import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the grader's children get their `TMPDIR` (`ProcessRunner.temporaryRoot`), SwiftPM's
/// own (`ProcessRunner.swiftPMTemporary`) among them.
///
/// Not inside the checkout: swift-driver 6.3.1 traps (signal 4, in `TemporaryFile.swift`) when
/// `TMPDIR` holds a non-ASCII letter, and a kata unpacked into `…/Café Kata/` or under a home
/// folder named José would never build. So it is a folder of the system's temporary directory
/// (`systemTemporary`: `TMPDIR` when that is usable, else `/tmp`), named after the user and the checkout, so
/// that its path is the same at every grade: SwiftPM keys its cache of the evaluated manifest on
/// the whole environment, `TMPDIR` included. It is the user's alone (mode 700, checked, never a
/// link), and removed when the grader ends with nothing left in it.
public enum TemporaryRoot {
    public static func folder(for paths: KataPaths, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = systemTemporary(environment)
        let name = "kata-\(getuid())-\(Fingerprint.hex(Data(paths.root.path.utf8)).prefix(12))"
        let stable = URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(name, isDirectory: true)
        if isOurs(stable.path, creating: true) { return stable }
        // Someone else holds that name: a private folder of our own, new for this grade.
        var template = Array((base + "/kata-XXXXXX").utf8CString)
        if let made = mkdtemp(&template) { return URL(fileURLWithPath: String(cString: made)) }
        return paths.state.appendingPathComponent("tmp")
    }

    /// The one rule for the system's temporary folder, which every temporary folder of the grader
    /// lives in (this one, SwiftPM's, each run's `RunFolder`; `grade.sh` says it again for the
    /// grader's own build): `TMPDIR` when it is an absolute path of plain ASCII with no space, short
    /// enough for a run's socket inside it (64 bytes), and a folder this user can write; else `/tmp`.
    public static func systemTemporary(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var candidate = environment["TMPDIR"] ?? ""
        while candidate.count > 1, candidate.hasSuffix("/") { candidate.removeLast() }
        guard candidate.hasPrefix("/"), isPlainASCII(candidate), !candidate.contains(" "), candidate.utf8.count <= 64,
              unusable(candidate) == nil else { return "/tmp" }
        return candidate
    }

    static func isPlainASCII(_ path: String) -> Bool {
        path.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Why `folder` cannot hold temporary files, in words, or nil when it can.
    static func unusable(_ folder: String) -> String? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return errno == ENOENT ? "there is no such folder" : String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "it is not a folder" }
        return access(folder, W_OK | X_OK) == 0 ? nil : "you cannot write in it"
    }

    /// The one line a grade says when the `TMPDIR` it was given cannot hold temporary files (missing,
    /// read-only, not a folder), and the folder used instead; nil when there is nothing to say (a
    /// usable `TMPDIR`, or one only avoided for its name, such as a path with an accent).
    public static func notice(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let given = environment["TMPDIR"], !given.isEmpty else { return nil }
        guard given.hasPrefix("/") else { return "grade.sh: TMPDIR is \(given), not an absolute path: temporary files go to /tmp instead." }
        guard let why = unusable(given) else { return nil }
        return "grade.sh: TMPDIR is \(given), and \(why): temporary files go to /tmp instead."
    }

    /// True when `path` is a folder of this user's that no one else can enter (made if missing).
    static func isOurs(_ path: String, creating: Bool) -> Bool {
        if creating { _ = mkdir(path, 0o700) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o077 == 0
    }

    /// Removes the folder if nothing is left in it (another grade of this checkout may still use it).
    public static func removeIfEmpty(_ url: URL) {
        _ = rmdir(url.path)
    }
}
