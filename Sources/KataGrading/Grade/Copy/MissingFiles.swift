import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a track's file could not be taken for its build, found for the judge (`TrackFacts.missing`):
/// a file that is there but cannot be read is named as such, with the `chmod` that fixes it; a file
/// that is gone is looked for under another name or folder (a rename, a move), and the look-alike
/// is named with the `mv` that puts it back.
struct MissingFiles {
    var course: Course
    var testsRoot: URL

    /// What the grade found instead of one of a track's files.
    enum Finding: Sendable {
        /// There but unreadable, or a link to nothing: `line` says which and how to fix it.
        case unreadable(line: String)
        /// Gone, and `lookalike` looks like it, `because`.
        case moved(path: String, lookalike: String, because: String)
        /// Gone, with nothing like it.
        case gone(path: String)
        /// Readable again: it came back while the grade ran.
        case cameBack
    }

    func finding(for track: Catalog.Exercise, extras: [String]) -> Finding {
        let fm = FileManager.default
        for name in ShadowPackage.targetFiles(of: track, extraFiles: [track.key: extras]) {
            let url = testsRoot.appendingPathComponent(track.module).appendingPathComponent(name)
            let shown = course.paths.relative(url)
            if fm.fileExists(atPath: url.path) {
                if access(url.path, R_OK) != 0 { return .unreadable(line: FileAccess.unreadable(url, as: shown)) }
                continue
            }
            if let destination = try? fm.destinationOfSymbolicLink(atPath: url.path) {
                return .unreadable(line: "\(shown) is a link to \(destination), which is not there. Point the link at your file again, or replace the link with the file.")
            }
            if let (lookalike, why) = lookalike(of: name, in: track) {
                return .moved(path: shown, lookalike: course.paths.relative(lookalike), because: why)
            }
            return .gone(path: shown)
        }
        return .cameBack
    }

    /// The Swift file under the tests' folder that looks most like the missing `name` of `track`,
    /// and why: the same file name in another folder, the same first line as its starter, the
    /// exercise's header, or the type its starter declares. Files the catalog lists never count.
    func lookalike(of name: String, in track: Catalog.Exercise) -> (URL, String)? {
        let listed = Set(course.tracks.flatMap { exercise in (exercise.files + exercise.uses).map { "\(exercise.module)/\($0)" } })
        let starter = course.starters.texts["\(track.module)/\(name)"] ?? ""
        let starterFirst = firstLine(starter)
        let starterType = primaryType(in: starter)
        let baseName = (name as NSString).lastPathComponent
        var best: (score: Int, url: URL, why: String)?
        for path in (try? FileTree.swiftFiles(under: testsRoot)) ?? [] where !listed.contains(path) {
            let url = testsRoot.appendingPathComponent(path)
            let text = FileContents.text(at: url) ?? ""
            var score = 0
            var why = ""
            if (path as NSString).lastPathComponent == baseName { score += 3; why = "the same name, in another folder" }
            if !starterFirst.isEmpty, firstLine(text) == starterFirst {
                score += 3; if why.isEmpty { why = "it opens with the same line: \(starterFirst)" }
            } else if ExtraFiles.headerID(of: text) == track.id {
                score += 2; if why.isEmpty { why = "it opens with // Exercise \(track.id)" }
            }
            if let starterType, primaryType(in: text) == starterType {
                score += 2; if why.isEmpty { why = "it declares \(starterType), as this file did" }
            }
            if score >= 2, score > (best?.score ?? 0) { best = (score, url, why) }
        }
        return best.map { ($0.url, $0.why) }
    }

    func firstLine(_ text: String) -> String {
        var line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// The first test class or suite a file declares: `final class SearchSuccessResponseTests`.
    func primaryType(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let tokens = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            if let index = tokens.firstIndex(where: { $0 == "class" || $0 == "struct" }), index + 1 < tokens.count,
               line.contains("XCTestCase") || line.contains("@Suite") {
                return String(tokens[index + 1])
            }
        }
        return nil
    }
}
