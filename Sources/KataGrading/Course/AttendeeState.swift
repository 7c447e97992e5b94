import Foundation

/// Where the attendee's own state lives: what they chose or did (their name, framework, room
/// join, last verdicts and the backups of every reset), as opposed to what the grader built.
///
/// Not under `.build/`, and not anywhere `git clean -fdx` reaches, because both are the usual
/// repairs of a misbehaving checkout (the instructor guide's among them) and neither should cost
/// an attendee their backups, their name or their seat in the room:
/// - in a git checkout, `.git/kata/` (git ignores what it does not know there, and neither
///   `git clean` nor `rm -rf .build` touches it; a fresh clone starts afresh);
/// - without git (a ZIP download), `.kata/` at the checkout's root, which `rm -rf .build` leaves.
/// A `.kata/` that exists wins, so a ZIP download that later becomes a git checkout keeps it.
public enum AttendeeState {
    static let plainFolder = ".kata"

    /// The folder, found from the checkout's layout; not created.
    static func folder(root: URL) -> URL {
        let fm = FileManager.default
        let plain = root.appendingPathComponent(plainFolder)
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: plain.path, isDirectory: &isDirectory), isDirectory.boolValue { return plain }
        if let gitDirectory = gitDirectory(root: root), fm.isWritableFile(atPath: gitDirectory.path) {
            return gitDirectory.appendingPathComponent("kata")
        }
        return plain
    }

    /// The checkout's own git folder: `.git/`, or the one a `.git` file names (a worktree).
    static func gitDirectory(root: URL) -> URL? {
        let dotGit = root.appendingPathComponent(".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("gitdir:") }) else { return nil }
        let path = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? url.standardizedFileURL : nil
    }

    /// The files that lived under `.build/kata/` before, by their name there and here.
    static let movedFiles = [("attendee-name", "name"), ("framework", "framework"), ("last-grade.json", "last-grade.json"),
                             ("room-join.json", "room-join.json"), ("room-outbox.json", "room-outbox.json")]

    /// Creates the folder if needed, and brings over what an older grader kept in `.build/kata/`.
    /// Never throws: a grade must not fail for want of it (each writer says what it could not save).
    static func prepare(_ paths: KataPaths) {
        let fm = FileManager.default
        let folder = paths.attendeeState
        if !fm.fileExists(atPath: folder.path) {
            guard (try? fm.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
            if folder.lastPathComponent == plainFolder {
                try? Data(readme.utf8).write(to: folder.appendingPathComponent("README.txt"))
            }
        }
        for (old, new) in movedFiles {
            let from = paths.state.appendingPathComponent(old)
            let to = folder.appendingPathComponent(new)
            guard fm.fileExists(atPath: from.path), !fm.fileExists(atPath: to.path) else { continue }
            if (try? fm.copyItem(at: from, to: to)) != nil { try? fm.removeItem(at: from) }
        }
    }

    static let readme = """
        This folder is the kata grader's record of your own state: your name, your framework, the
        room you joined, your last verdicts, backups/ (every file a --reset replaced), and room/
        (the room an instructor opens with --room-serve).
        It is kept out of .build/ so that deleting .build/ loses none of it. Leave it be;
        Scripts/grade.sh --undo-reset lists the backups and puts them back.

        """
}

extension KataPaths {
    /// The attendee's own state (`AttendeeState`): outside `.build/`, out of `git clean`'s reach.
    public var attendeeState: URL { AttendeeState.folder(root: root) }

    /// How messages name the attendee's state folder: relative to the checkout when inside it.
    public var attendeeStateName: String { relative(attendeeState) + "/" }
}
