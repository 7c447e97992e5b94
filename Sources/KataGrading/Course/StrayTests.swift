import Foundation
import KataGradingCore

/// Why an added file of tests is graded with no exercise, and what puts it with one. A file that
/// already opens with `// Exercise <id>` is told what stops that header from counting (the
/// exercise lives in another pattern's folder, or there is no such exercise), never to add it.
enum StrayTests {
    /// `file` is `Module/path`, as `ExtraFiles` names it, under `testsRoot`.
    static func note(_ file: String, testsRoot: URL, catalog: Catalog) -> String {
        let shown = "Exercises/\(file)"
        let opening = "Note: \(shown) holds tests, but it belongs to no exercise, so no grade runs them (plain swift test does). "
        let text = FileContents.text(at: testsRoot.appendingPathComponent(file)) ?? ""
        guard let id = ExtraFiles.headerID(of: text) else {
            return opening + "Write them in the exercise's own file (Scripts/grade.sh --hint ID names it), or open this file with that exercise's first line, // Exercise ID, to grade it with that exercise."
        }
        let module = String(file.prefix { $0 != "/" })
        let tracks = catalog.allTracks.filter { $0.id == id }
        guard let first = tracks.first else {
            return opening + "It opens with // Exercise \(id), and no exercise has that id: Scripts/grade.sh --list shows them."
        }
        guard first.module != module else {
            // The right folder and a known id: the header names an exercise of this folder whose
            // track the file's imports do not tell apart.
            return opening + "It opens with // Exercise \(id), but imports both XCTest and Testing, or neither: import the one framework of the track it belongs to."
        }
        // Another pattern's exercise: the file goes to that exercise's folder, on the track its
        // imports name, under its own name.
        let words = Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        let track = tracks.first { words.contains("Testing") && !words.contains("XCTest") ? $0.framework == .swiftTesting : $0.framework == .xctest } ?? first
        let folder = ((track.ownFiles.first ?? "") as NSString).deletingLastPathComponent
        let inRoot = ([track.module] + (folder.isEmpty ? [] : [folder]) + [(file as NSString).lastPathComponent]).joined(separator: "/")
        let destination = "Exercises/" + inRoot
        let moved = opening + "It opens with // Exercise \(id), an exercise of Exercises/\(track.module)/, and a file is graded only with the exercises of its own folder. "
        if FileManager.default.fileExists(atPath: testsRoot.appendingPathComponent(inRoot).path) {
            return moved + "\(destination) is there already: move these tests into it, or give this file another name in that folder."
        }
        return moved + "Move it there: " + ShellCommand("mv", shown, destination).line
    }
}
