import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--reset`: puts an exercise's starter back, after keeping the attendee's version in a backup;
/// `--undo-reset` puts the backup of the last reset back.
enum ResetCommand {
    struct Refused: Error, CustomStringConvertible {
        var description: String
        /// True when no one answered the question (no terminal), as opposed to a "no" or a failure.
        var unanswered = false
    }

    static func backups(_ paths: KataPaths) -> URL { paths.root.appendingPathComponent(".kata-backups") }
    /// Names the backup folder of the last reset, for `--undo-reset`.
    static func lastResetMarker(_ paths: KataPaths) -> URL { backups(paths).appendingPathComponent("last-reset") }

    /// Returns the lines to print. `confirm` asks the attendee; it is not called with `--yes`.
    static func run(_ exercise: Catalog.Exercise, catalog: Catalog, store: StarterStore, confirm: (String) -> Bool,
                    date: Date = Date()) throws -> [String] {
        // Every track's files, unless one track was named (`id@swift-testing`).
        var files: [String] = []
        for file in (exercise.isOtherTrack ? [exercise] : exercise.tracks).flatMap(\.files) where !files.contains(file) {
            files.append(file)
        }
        let edited = files.filter { !store.isUntouched(exercise, $0) }
        guard !edited.isEmpty else { return ["\(exercise.id) is already the starter; nothing to reset."] }
        // Read every starter first, so a missing one stops us before anything is touched.
        let starters = try edited.map { ($0, try store.starterText(exercise, $0)) }

        var lines = sharedFileWarnings(exercise, files: edited, catalog: catalog)
        let names = edited.map { "Exercises/\(store.key(exercise, $0))" }.joined(separator: ", ")
        let question = lines.map { $0 + "\n" }.joined()
            + "Reset \(names) to the starter? Your version is kept in .kata-backups/, and Scripts/grade.sh --undo-reset puts it back. [y/N] "
        guard confirm(question) else {
            throw Refused(description: (lines + ["Nothing was changed."]).joined(separator: " "), unanswered: isatty(0) != 1)
        }
        let backup = try makeBackupFolder(store.paths, name: "\(timestamp(date))-\(exercise.id)")
        let fm = FileManager.default
        for (file, starter) in starters {
            let source = store.exerciseFile(exercise, file)
            if let current = fm.contents(atPath: source.path) {
                let copy = try keep(current, as: store.key(exercise, file), in: backup, paths: store.paths)
                lines.append("Kept your version in \(store.paths.relative(copy))")
            }
            try starter.write(to: source, options: .atomic)
            lines.append("Restored the starter of Exercises/\(store.key(exercise, file))")
        }
        try Data((backup.lastPathComponent + "\n").utf8).write(to: lastResetMarker(store.paths), options: .atomic)
        lines.append("Changed your mind? Scripts/grade.sh --undo-reset puts your version back.")
        return lines
    }

    /// Files of `exercise` that other exercises compile too: resetting them changes those exercises.
    static func sharedFileWarnings(_ exercise: Catalog.Exercise, files: [String], catalog: Catalog) -> [String] {
        let module = exercise.module
        return files.compactMap { file in
            let others = catalog.exercises.filter {
                $0.id != exercise.id && $0.module == module && ($0.files + $0.uses).contains(file)
            }.map(\.id)
            guard !others.isEmpty else { return nil }
            let list = others.count == 1 ? others[0] : others.dropLast().joined(separator: ", ") + " and " + others.last!
            return "Careful: \(file) is also used by \(list). Resetting it takes those back to the starter's version of it, so they will not compile until you write it again."
        }
    }

    /// `--undo-reset`: writes back the files the last reset replaced. Anything written since that
    /// reset is backed up first, so the undo itself loses nothing.
    static func undo(store: StarterStore, confirm: (String) -> Bool, date: Date = Date()) throws -> [String] {
        let paths = store.paths
        guard let name = (try? String(contentsOf: lastResetMarker(paths), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
            throw Refused(description: "there is no reset to undo (the backups of older ones are in .kata-backups/).")
        }
        let backup = backups(paths).appendingPathComponent(name)
        let fm = FileManager.default
        let kept = (fm.enumerator(at: backup, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.standardizedFileURL.path.dropFirst(backup.standardizedFileURL.path.count + 1)) }
            .sorted()
        guard !kept.isEmpty else { throw Refused(description: "the backup .kata-backups/\(name) is empty or gone; nothing was changed.") }

        let targets = kept.map { paths.exercises.appendingPathComponent($0) }
        let names = kept.map { "Exercises/\($0)" }.joined(separator: ", ")
        // The reset left starters; anything else there is work written since, which the undo
        // would overwrite: ask, and keep it.
        let changedSince = zip(kept, targets).filter { key, target in
            guard let current = Fingerprint.ofFile(at: target) else { return false }
            return current != store.fingerprints.byPath[key]
                && fm.contents(atPath: target.path) != fm.contents(atPath: backup.appendingPathComponent(key).path)
        }
        var lines: [String] = []
        if !changedSince.isEmpty {
            guard confirm("Put back \(names) from .kata-backups/\(name)? What they hold now is kept in .kata-backups/ too. [y/N] ") else {
                throw Refused(description: "nothing was changed.", unanswered: isatty(0) != 1)
            }
            let safety = try makeBackupFolder(paths, name: "\(timestamp(date))-before-undo")
            for (key, target) in changedSince {
                if let current = fm.contents(atPath: target.path) {
                    let copy = try keep(current, as: key, in: safety, paths: paths)
                    lines.append("Kept what \(paths.relative(target)) held in \(paths.relative(copy))")
                }
            }
        }
        for (key, target) in zip(kept, targets) {
            guard let data = fm.contents(atPath: backup.appendingPathComponent(key).path) else { continue }
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target, options: .atomic)
            lines.append("Put back Exercises/\(key) from .kata-backups/\(name)")
        }
        try? fm.removeItem(at: lastResetMarker(paths))
        return lines
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    /// A new, empty backup folder: `name`, or `name-2`, `name-3`… when that exists, so two resets
    /// in the same second never write into one folder.
    static func makeBackupFolder(_ paths: KataPaths, name: String) throws -> URL {
        let fm = FileManager.default
        let parent = backups(paths)
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Refused(description: "cannot create \(paths.relative(parent))/ for the backup (\(fm.isWritableFile(atPath: paths.root.path) ? "the disk refused it" : "the checkout is read-only")); nothing was changed.")
        }
        for attempt in 1...1000 {
            let candidate = parent.appendingPathComponent(attempt == 1 ? name : "\(name)-\(attempt)")
            // Without intermediate folders, creating one that exists fails: the name is ours alone.
            if (try? fm.createDirectory(at: candidate, withIntermediateDirectories: false)) != nil { return candidate }
        }
        throw Refused(description: "could not find a free backup folder name in \(paths.relative(parent))/; nothing was changed.")
    }

    /// Writes `data` to `key` under `folder` and reads it back: only a verified backup lets the
    /// original be overwritten.
    static func keep(_ data: Data, as key: String, in folder: URL, paths: KataPaths) throws -> URL {
        let fm = FileManager.default
        let copy = folder.appendingPathComponent(key)
        try fm.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: copy, options: .withoutOverwriting)
        guard fm.contents(atPath: copy.path) == data else {
            throw Refused(description: "the backup \(paths.relative(copy)) could not be verified; nothing more was changed.")
        }
        return copy
    }

    /// Asks on the terminal; refuses when there is no one to ask.
    static func askOnTerminal(_ question: String) -> Bool {
        guard isatty(0) == 1 else { return false }
        FileHandle.standardError.write(Data(question.utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
