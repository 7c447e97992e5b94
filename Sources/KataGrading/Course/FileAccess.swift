import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file or folder of the attendee's cannot be used, in words that name the fix. Used by
/// the grade (an exercise file it cannot read), `--reset` and `--undo-reset` (a backup it cannot
/// make), so that no message says "missing" of a file that is there, or "the disk refused it" of a
/// folder that is read-only.
enum FileAccess {
    /// `ls -l`'s view of a mode: `rw-r--r--`.
    static func modeString(_ mode: mode_t) -> String {
        let bits: [(mode_t, Character)] = [(0o400, "r"), (0o200, "w"), (0o100, "x"), (0o040, "r"), (0o020, "w"), (0o010, "x"),
                                           (0o004, "r"), (0o002, "w"), (0o001, "x")]
        return String(bits.map { mode & $0.0 != 0 ? $0.1 : "-" })
    }

    static func owner(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return String(cString: name)
    }

    /// `lstat`, or nil when nothing is there.
    static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// True when the file exists (or is a link to one) but this user cannot read it.
    static func existsButUnreadable(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path) && access(url.path, R_OK) != 0
    }

    /// One line on a file that is there but cannot be read: its mode and owner, and the fix.
    static func unreadable(_ url: URL, as name: String) -> String {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return "\(name) cannot be read." }
        let mine = info.st_uid == getuid()
        let chmod = ShellCommand("chmod", "u+rw", name)
        // The user's own name rather than `$USER`: nothing in the line is left to a shell to expand.
        let fix = mine ? chmod.line : ShellCommand.chain([ShellCommand("sudo", "chown", owner(getuid()), name), chmod])
        return "\(name) is there but cannot be read (its permissions are \(modeString(info.st_mode)), owner \(owner(info.st_uid))). Fix it with: \(fix)"
    }

    /// Why creating the folder `url` failed with `code`, and the fix. `name` is how to call it.
    static func cannotCreate(_ url: URL, as name: String, errno code: Int32) -> String {
        let parent = url.deletingLastPathComponent()
        let parentName = (name as NSString).deletingLastPathComponent
        if let info = status(url.path), info.st_mode & S_IFMT != S_IFDIR {
            return "\(name) is a file, not a folder. Move it aside, then try again: \(ShellCommand("mv", name, name + ".old").line)"
        }
        switch code {
        case EACCES, EPERM:
            var info = stat()
            let where_ = stat(parent.path, &info) == 0 ? " (its permissions are \(modeString(info.st_mode)), owner \(owner(info.st_uid)))" : ""
            let target = parentName.isEmpty ? "." : parentName
            return "cannot create \(name): \(target) is not writable for you\(where_). Fix it with: \(ShellCommand("chmod", "u+w", target).line)"
        case EROFS:
            return "cannot create \(name): the disk it is on is read-only. Copy the kata to a folder of yours."
        case ENOSPC, EDQUOT:
            return "cannot create \(name): the disk is full. Free some space and try again."
        case ENOTDIR:
            return "cannot create \(name): a folder on its path is a file. Move that file aside and try again."
        default:
            return "cannot create \(name): \(String(cString: strerror(code)))."
        }
    }

    /// Creates `url` and the folders above it that are missing; throws a one-line reason.
    static func makeFolder(_ url: URL, as name: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path, !FileManager.default.fileExists(atPath: parent.path) {
            try makeFolder(parent, as: (name as NSString).deletingLastPathComponent)
        }
        if mkdir(url.path, 0o755) != 0 {
            let code = errno
            if code == EEXIST, let info = status(url.path), info.st_mode & S_IFMT == S_IFDIR { return }
            throw Problem(description: cannotCreate(url, as: name, errno: code))
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `data` over the attendee's file at `url` the way they had it: through a symbolic link
    /// (the link stays a link), and with the file's permissions kept, a read-only one included.
    /// Atomic: the file holds the old text or the new, never half of either.
    static func replaceKeepingKind(_ url: URL, with data: Data) throws {
        let fm = FileManager.default
        let target = (try? fm.destinationOfSymbolicLink(atPath: url.path)).map { destination -> URL in
            destination.hasPrefix("/") ? URL(fileURLWithPath: destination)
                : url.deletingLastPathComponent().appendingPathComponent(destination)
        }?.resolvingSymlinksInPath() ?? url
        let permissions = (try? fm.attributesOfItem(atPath: target.path))?[.posixPermissions] as? NSNumber
        try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
        if let permissions { try? fm.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path) }
    }
}
