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
/// (`TMPDIR` when that is plain ASCII, else `/tmp`), named after the user and the checkout, so
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

    /// `TMPDIR` when it is an absolute, plain-ASCII path to a folder, else `/tmp`.
    static func systemTemporary(_ environment: [String: String]) -> String {
        var candidate = environment["TMPDIR"] ?? ""
        while candidate.count > 1, candidate.hasSuffix("/") { candidate.removeLast() }
        var isDirectory: ObjCBool = false
        guard candidate.hasPrefix("/"), isPlainASCII(candidate),
              FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue else { return "/tmp" }
        return candidate
    }

    static func isPlainASCII(_ path: String) -> Bool {
        path.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
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
