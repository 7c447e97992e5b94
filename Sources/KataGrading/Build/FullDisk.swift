import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A build that failed for want of space (ENOSPC, or a quota: EDQUOT), said as such: which folder's
/// disk is full, how much is free there, about how much a build needs, and what may be deleted.
/// A build that failed so is never taken for a damaged build folder: nothing is wiped, since wiping
/// would only cost the next grade a cold build on a disk that is still full.
struct FullDisk: Error, CustomStringConvertible {
    /// The folders a build writes to, each with what it is for and the space free on its disk.
    var folders: [Folder]
    /// The first file a tool said it could not write for space, when one named it.
    var failedWrite: String?

    struct Folder: Equatable {
        var role: String
        var path: String
        /// Bytes free for this user, nil when the system did not say.
        var free: UInt64?
    }

    /// What the tools print when a write failed for space: strerror(ENOSPC) and strerror(EDQUOT),
    /// on Linux and on macOS.
    static let markers = ["No space left on device", "Disk quota exceeded", "disk quota exceeded"]

    /// About what the grader's copy needs, with room for its incremental builds: measured here, a
    /// build of a copy with every track left 106 MB in its build folder; SwiftPM's and the
    /// compiler's temporary files (the manifest's link, response files) are a few MB.
    static let buildNeeds: UInt64 = 300 << 20
    static let temporaryNeeds: UInt64 = 64 << 20

    /// Whether `output` says that a write failed for space.
    static func mentioned(in output: String) -> Bool {
        markers.contains { output.contains($0) }
    }

    /// The full disk a build's `output` tells of, with the build's `folders` (role, path) as they
    /// are now; nil when the output tells of none and every folder has room.
    static func after(_ output: String, folders: [(role: String, path: String)], freeBytes: (String) -> UInt64? = FullDisk.freeBytes) -> FullDisk? {
        let measured = folders.map { Folder(role: $0.role, path: $0.path, free: freeBytes($0.path)) }
        let short = measured.filter { folder in
            guard let free = folder.free else { return false }
            return free < (folder.role.contains("temporary") ? temporaryNeeds : buildNeeds)
        }
        guard mentioned(in: output) || !short.isEmpty else { return nil }
        // Name the folders whose disks are short; when none measures short (the build's own writes
        // freed it again), every folder the build wrote to.
        return FullDisk(folders: short.isEmpty ? measured : short, failedWrite: failedWrite(in: output))
    }

    /// The path in the first line that says a write failed for space, as swift-frontend
    /// (`unable to open output file '/…/x.pcm': 'No space left on device'`) and the linker
    /// (`fatal error: /…/manifest: No space left on device`) print it.
    static func failedWrite(in output: String) -> String? {
        for line in output.split(separator: "\n") {
            // The path is the last one before the message (the linker names itself first).
            guard let marker = markers.lazy.compactMap({ line.range(of: $0) }).first else { continue }
            let words = line[..<marker.lowerBound].split(whereSeparator: { $0 == " " || $0 == "'" || $0 == "\"" })
            if let path = words.last(where: { $0.hasPrefix("/") }) {
                return String(path.hasSuffix(":") ? path.dropLast() : path)
            }
        }
        return nil
    }

    /// The bytes this user may still write on the disk that holds `path` (or the closest existing
    /// folder above it).
    static func freeBytes(_ path: String) -> UInt64? {
        var candidate = path
        while !candidate.isEmpty {
            var info = statvfs()
            if statvfs(candidate, &info) == 0 { return UInt64(info.f_bavail) * UInt64(info.f_frsize) }
            guard let slash = candidate.lastIndex(of: "/"), candidate != "/" else { return nil }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
        return nil
    }

    static func size(_ bytes: UInt64) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
        return "\(bytes >> 10) KB"
    }

    var description: String {
        let named = folders.map { folder in
            "\(folder.path) (\(folder.role)): \(folder.free.map { FullDisk.size($0) + " free" } ?? "free space unknown")"
        }
        let temporary = folders.contains { $0.role.contains("temporary") }
        return "the disk is full: the build of the grader's copy could not write"
            + (failedWrite.map { " \($0)" } ?? "") + " (no space left on device). "
            + named.joined(separator: "; ") + ". "
            + "A build of the copy needs about \(FullDisk.size(FullDisk.buildNeeds)) in its build folder"
            + " and \(FullDisk.size(FullDisk.temporaryNeeds)) of temporary files. "
            + "Free space there (other projects' .build folders, old downloads"
            + (temporary ? "; or point TMPDIR at a folder on a disk with room" : "")
            + "), then grade again. Nothing of yours or of the grader's copy was deleted."
    }
}
