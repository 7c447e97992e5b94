import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--reset`: puts an exercise's starter back, after keeping the attendee's version in a backup;
/// `--undo-reset [BACKUP]`: puts a backup back (the last reset's, or the one named) and lists the
/// others.
///
/// Backups live in the attendee's state folder (`AttendeeState`: `.git/kata/backups/`, or
/// `.kata/backups/` without git), out of reach of `rm -rf .build` and `git clean -fdx`. Those of
/// an older grader, in `.kata-backups/`, are still listed and can be put back.
enum ResetCommand {
    struct Refused: Error, CustomStringConvertible {
        var description: String
        /// True when no one answered the question (no terminal), as opposed to a "no" or a failure.
        var unanswered = false
    }

    static func backups(_ paths: KataPaths) -> URL { paths.attendeeState.appendingPathComponent("backups") }
    /// Where an older grader kept them.
    static func legacyBackups(_ paths: KataPaths) -> URL { paths.root.appendingPathComponent(".kata-backups") }
    /// Names the backup folder of the last reset, for `--undo-reset`.
    static func lastResetMarker(_ paths: KataPaths) -> URL { backups(paths).appendingPathComponent("last-reset") }

    /// Returns the lines to print. `confirm` asks the attendee (its question carries the warnings
    /// about shared files, so the lines after it do not say them again); nil with `--yes`, and then
    /// the lines carry them.
    static func run(_ exercise: Catalog.Exercise, catalog: Catalog, store: StarterStore, confirm: ((String) -> Bool)?,
                    date: Date = Date()) throws -> [String] {
        let paths = store.paths
        // Every track's files, unless one track was named (`id@swift-testing`).
        var files: [String] = []
        for file in (exercise.isOtherTrack ? [exercise] : exercise.tracks).flatMap(\.files) where !files.contains(file) {
            files.append(file)
        }
        let edited = files.filter { !store.isUntouched(exercise, $0) }
        guard !edited.isEmpty else { return ["\(exercise.key) is already the starter; nothing to reset."] }
        // A file that is there but cannot be read cannot be backed up, so it is never replaced.
        for file in edited where FileAccess.existsButUnreadable(store.exerciseFile(exercise, file)) {
            throw Refused(description: ShellCommand.adding("Nothing was changed: make it readable, then reset again.",
                                                           to: FileAccess.unreadable(store.exerciseFile(exercise, file), as: "Exercises/\(store.key(exercise, file))")))
        }
        // Read every starter first, so a missing one stops us before anything is touched.
        let starters = try edited.map { ($0, try store.starterText(exercise, $0)) }

        let warnings = sharedFileWarnings(exercise, files: edited, catalog: catalog)
        var lines: [String] = []
        if let confirm {
            let names = edited.map { "Exercises/\(store.key(exercise, $0))" }.joined(separator: ", ")
            let question = warnings.map { $0 + "\n" }.joined()
                + "Reset \(names) to the starter? Your version is kept in \(paths.attendeeStateName)backups/, and Scripts/grade.sh --undo-reset puts it back. [y/N] "
            guard confirm(question) else {
                // Asked and answered, the warnings were on screen already; unasked, they are said here.
                let unanswered = isatty(0) != 1
                throw Refused(description: ((unanswered ? warnings : []) + ["Nothing was changed."]).joined(separator: " "), unanswered: unanswered)
            }
        } else {
            lines = warnings
        }
        let backup = try makeBackupFolder(paths, name: "\(timestamp(date))-\(exercise.id)")
        let fm = FileManager.default
        // Back up everything first: nothing is replaced until every copy is verified.
        for (file, _) in starters {
            let source = store.exerciseFile(exercise, file)
            guard fm.fileExists(atPath: source.path) else { continue }
            guard let current = fm.contents(atPath: source.path) else {
                throw Refused(description: "cannot read Exercises/\(store.key(exercise, file)) to back it up; nothing was changed.")
            }
            let copy = try keep(current, as: store.key(exercise, file), in: backup, paths: paths)
            lines.append("Kept your version in \(paths.relative(copy))")
        }
        for (file, starter) in starters {
            try FileAccess.replaceKeepingKind(store.exerciseFile(exercise, file), with: starter)
            lines.append("Restored the starter of Exercises/\(store.key(exercise, file))")
        }
        try Data((backup.lastPathComponent + "\n").utf8).write(to: lastResetMarker(paths), options: .atomic)
        lines.append("Changed your mind? Scripts/grade.sh --undo-reset puts your version back. (Backups are kept out of .build/ and out of git clean's reach.)")
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

    /// A backup folder, with the files it holds (relative to `Exercises/`).
    struct Backup: Equatable {
        var name: String
        var folder: URL
        var files: [String]
    }

    /// Every backup, newest first: this grader's, then an older grader's (`.kata-backups/`).
    static func allBackups(_ paths: KataPaths) -> [Backup] {
        var found: [(backup: Backup, made: Date)] = []
        for parent in [backups(paths), legacyBackups(paths)] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name != "last-reset" && !name.hasPrefix(".") {
                let folder = parent.appendingPathComponent(name)
                let files = (try? FileTree.files(under: folder)) ?? []
                let made = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date ?? .distantPast
                if !files.isEmpty { found.append((Backup(name: name, folder: folder, files: files), made)) }
            }
        }
        // Newest first: by the time in the name (to the second), then by when the folder was made.
        return found.sorted { ($0.backup.name.prefix(15), $0.made) > ($1.backup.name.prefix(15), $1.made) }.map(\.backup)
    }

    /// The lines that list `backups` (all of them, newest first, so that the numbers are those
    /// `--undo-reset N` takes), leaving out `skipping`, with the command that puts each back.
    static func listing(_ backups: [Backup], skipping: String? = nil, paths: KataPaths, limit: Int = 8) -> [String] {
        var lines: [String] = []
        let shown = backups.enumerated().filter { $0.element.name != skipping }
        for (index, backup) in shown.prefix(limit) {
            lines.append("  \(index + 1). \(backup.name): \(backup.files.map { "Exercises/\($0)" }.joined(separator: ", "))")
        }
        if shown.count > limit {
            lines.append("  … and \(shown.count - limit) older, in \(paths.attendeeStateName)backups/ (and .kata-backups/, if an older grader made it).")
        }
        lines.append("Put one back with Scripts/grade.sh --undo-reset N (its number above), or --undo-reset NAME.")
        return lines
    }

    /// `--undo-reset [BACKUP]`: writes back the files of a backup, the last reset's unless
    /// `choice` names another (its name, or its number in the listing). Anything written since is
    /// backed up first, so the undo itself loses nothing.
    static func undo(store: StarterStore, choice: String? = nil, confirm: ((String) -> Bool)?, date: Date = Date()) throws -> [String] {
        let paths = store.paths
        let all = allBackups(paths)
        let backup: Backup
        if let choice {
            if let number = Int(choice), all.indices.contains(number - 1) {
                backup = all[number - 1]
            } else if let named = all.first(where: { $0.name == choice }) {
                backup = named
            } else {
                throw Refused(description: "there is no backup '\(choice)'."
                              + (all.isEmpty ? " There are no backups." : "\n" + (["The backups are:"] + listing(all, paths: paths)).joined(separator: "\n")))
            }
        } else {
            let last = (try? String(contentsOf: lastResetMarker(paths), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let last, let marked = all.first(where: { $0.name == last && $0.folder.deletingLastPathComponent() == backups(paths) }) else {
                if all.isEmpty { throw Refused(description: "there is no reset to undo, and no backup to put back.") }
                return ["The last reset was undone already; these backups can still be put back (newest first):"] + listing(all, paths: paths)
            }
            backup = marked
        }

        let fm = FileManager.default
        let targets = backup.files.map { paths.exercises.appendingPathComponent($0) }
        let names = backup.files.map { "Exercises/\($0)" }.joined(separator: ", ")
        let where_ = paths.relative(backup.folder)
        // The reset left starters; anything else there is work written since, which the undo
        // would overwrite: ask, and keep it.
        let changedSince = zip(backup.files, targets).filter { key, target in
            guard let current = fm.contents(atPath: target.path) else { return FileAccess.existsButUnreadable(target) }
            return !store.starters.isStarter(key, current) && current != fm.contents(atPath: backup.folder.appendingPathComponent(key).path)
        }
        for (key, target) in changedSince where FileAccess.existsButUnreadable(target) {
            throw Refused(description: ShellCommand.adding("Nothing was changed: make it readable, then undo again.",
                                                           to: FileAccess.unreadable(target, as: "Exercises/\(key)")))
        }
        var lines: [String] = []
        if !changedSince.isEmpty {
            guard confirm?("Put back \(names) from \(where_)? What they hold now is kept in \(paths.attendeeStateName)backups/ too. [y/N] ") ?? true else {
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
        for (key, target) in zip(backup.files, targets) {
            guard let data = fm.contents(atPath: backup.folder.appendingPathComponent(key).path) else { continue }
            try FileAccess.replaceKeepingKind(target, with: data)
            lines.append("Put back Exercises/\(key) from \(where_)")
        }
        if let last = try? String(contentsOf: lastResetMarker(paths), encoding: .utf8),
           last.trimmingCharacters(in: .whitespacesAndNewlines) == backup.name {
            try? fm.removeItem(at: lastResetMarker(paths))
        }
        let now = allBackups(paths)
        if now.contains(where: { $0.name != backup.name }) {
            lines.append("Other backups you can put back (newest first):")
            lines += listing(now, skipping: backup.name, paths: paths, limit: 5)
        }
        return lines
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    /// A new, empty backup folder: `name`, or `name-2`, `name-3`… when that exists, so two resets
    /// in the same second never write into one folder. A folder that cannot be made is named with
    /// the reason and the fix.
    static func makeBackupFolder(_ paths: KataPaths, name: String) throws -> URL {
        let parent = backups(paths)
        let parentName = paths.relative(parent)
        do {
            try FileAccess.makeFolder(parent, as: parentName)
        } catch let problem as FileAccess.Problem {
            throw Refused(description: ShellCommand.adding("Nothing was changed.", to: "\(problem)"))
        }
        for attempt in 1...1000 {
            let candidate = parent.appendingPathComponent(attempt == 1 ? name : "\(name)-\(attempt)")
            // mkdir of a folder that exists fails with EEXIST: the name is ours alone.
            if mkdir(candidate.path, 0o755) == 0 { return candidate }
            let code = errno
            guard code == EEXIST else {
                throw Refused(description: ShellCommand.adding("Nothing was changed.", to: FileAccess.cannotCreate(candidate, as: paths.relative(candidate), errno: code)))
            }
        }
        throw Refused(description: "\(parentName)/ already holds 1000 backups named \(name); move some away. Nothing was changed.")
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
        // Wrapped to the terminal, the answer typed after "[y/N] " on its last line.
        let wrapped = Style.detect(fileDescriptor: 2).wrap(question.trimmingCharacters(in: .whitespaces), indent: "")
        FileHandle.standardError.write(Data((wrapped.joined(separator: "\n") + " ").utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
