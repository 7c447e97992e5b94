import Foundation

/// Files an attendee added to an exercise folder (`Exercises/<Module>/…`) that the catalog does
/// not list, such as a `Helpers.swift` with a function a test calls. Plain `swift build` compiles
/// them with every file of the folder; the grader builds each exercise on its own, so it decides
/// here which exercises each one belongs to, from the files' text alone:
/// - a file that opens with an exercise's header (`// Exercise <id>`, as every exercise file does)
///   belongs to that exercise (its track in the framework the file imports);
/// - a file that declares a name an exercise's files use (and do not declare themselves) belongs
///   to that exercise, and so does every added file it uses in turn;
/// - a file that belongs to none is left out, and when it holds tests, the grade says so.
public enum ExtraFiles {
    public struct Attachment: Equatable, Sendable {
        /// By track key: the added files (relative to the module's folder) graded with that track.
        public var byTrack: [String: [String]] = [:]
        /// By track key: the added files headed for that track (`// Exercise <id>`), the only ones
        /// that start it. A file attached by use alone goes with a track's build but never starts
        /// it: an untouched starter whose comment names a helper's function stays not started.
        public var headed: [String: [String]] = [:]
        /// Added files that hold tests but belong to no exercise (relative to the module's folder).
        public var unattachedTests: [String] = []
        /// Files whose name differs from a catalog file's only in case, with that file's name: one
        /// file on a Mac's disk, two in git and on Linux. Never an added file of any exercise.
        public var caseVariants: [String: String] = [:]

        public init(byTrack: [String: [String]] = [:], unattachedTests: [String] = [], caseVariants: [String: String] = [:]) {
            self.byTrack = byTrack
            self.unattachedTests = unattachedTests
            self.caseVariants = caseVariants
        }
    }

    /// `attach` for each of `modules` (its folder's files, as `attach` takes them), among `tracks`,
    /// the course's. `byTrack` names files relative to their module's folder; `unattachedTests`
    /// and `caseVariants` as `Module/path`.
    public static func attach(tracks: [Catalog.Exercise], modules: [(module: String, files: [String: String])]) -> Attachment {
        var result = Attachment()
        for (module, files) in modules {
            let attachment = attach(tracks: tracks.filter { $0.module == module }, files: files)
            result.byTrack.merge(attachment.byTrack) { $1 }
            result.headed.merge(attachment.headed) { $1 }
            result.unattachedTests += attachment.unattachedTests.map { "\(module)/\($0)" }
            for (file, name) in attachment.caseVariants { result.caseVariants["\(module)/\(file)"] = "\(module)/\(name)" }
        }
        return result
    }

    /// `tracks`: one module's tracks; `files`: the text of every Swift file in its folder, by path
    /// relative to it (catalog files and added ones alike).
    public static func attach(tracks: [Catalog.Exercise], files: [String: String]) -> Attachment {
        let listed = Set(tracks.flatMap { $0.files + $0.uses })
        var caseVariants: [String: String] = [:]
        for file in files.keys where !listed.contains(file) {
            if let name = listed.first(where: { TestPlatform.differOnlyInCase($0, file) }) { caseVariants[file] = name }
        }
        let extras = files.keys.filter { !listed.contains($0) && caseVariants[$0] == nil }.sorted()
        guard !extras.isEmpty else { return Attachment(caseVariants: caseVariants) }
        let declaredByExtra = Dictionary(uniqueKeysWithValues: extras.map { ($0, declaredNames(in: files[$0] ?? "")) })

        var attachment = Attachment(caseVariants: caseVariants)
        for track in tracks {
            var own: [String] = []
            // By header.
            for extra in extras where headerID(of: files[extra] ?? "") == track.id && fits(extra, text: files[extra] ?? "", track: track, tracks: tracks) {
                own.append(extra)
            }
            if !own.isEmpty { attachment.headed[track.key] = own.sorted() }
            // By use, then the added files those use, until nothing more is added.
            var texts = (track.files + track.uses + own).compactMap { files[$0] }
            var added = true
            while added {
                added = false
                let declaredHere = Set(texts.flatMap { declaredNames(in: $0) })
                let used = Set(texts.flatMap { words(in: $0) })
                for extra in extras where !own.contains(extra) {
                    let names = declaredByExtra[extra] ?? []
                    if names.contains(where: { used.contains($0) && !declaredHere.contains($0) }) {
                        own.append(extra)
                        texts.append(files[extra] ?? "")
                        added = true
                    }
                }
            }
            if !own.isEmpty { attachment.byTrack[track.key] = own.sorted() }
        }
        let attached = Set(attachment.byTrack.values.flatMap { $0 })
        attachment.unattachedTests = extras.filter { !attached.contains($0) && holdsTests(files[$0] ?? "") }
        return attachment
    }

    /// The exercise id of a file's `// Exercise <id>` header, if it opens with one.
    public static func headerID(of text: String) -> String? {
        let first = text.split(whereSeparator: \.isNewline).first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard var line = first.map(String.init) else { return nil }
        if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        guard line.hasPrefix("// Exercise ") else { return nil }
        let rest = line.dropFirst("// Exercise ".count)
        let id = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        return id.isEmpty ? nil : String(id)
    }

    /// Whether a file headed for `track`'s exercise is that track's rather than its other one: by
    /// the framework it imports, else by the folder it sits in.
    static func fits(_ path: String, text: String, track: Catalog.Exercise, tracks: [Catalog.Exercise]) -> Bool {
        let siblings = tracks.filter { $0.id == track.id }
        guard siblings.count > 1 else { return true }
        let imports = SwiftTokens.importedModules(in: text)
        if imports.contains("Testing"), !imports.contains("XCTest") { return track.framework == .swiftTesting }
        if imports.contains("XCTest"), !imports.contains("Testing") { return track.framework == .xctest }
        let folder = (path as NSString).deletingLastPathComponent
        return track.ownFiles.contains { ($0 as NSString).deletingLastPathComponent == folder }
    }

    /// True when the file holds tests of either framework, in its code (`SwiftTokens`): a Swift
    /// Testing `@Test` or `@Suite` (`@Testing.Test` too), or XCTest's `XCTestCase`. A comment that
    /// names one holds none.
    public static func holdsTests(_ text: String) -> Bool {
        // Most files spell none of them at all.
        guard text.contains("Test") || text.contains("Suite") else { return false }
        var found = false
        SwiftTokens.scan(text) { (token: SwiftTokens.Token) in
            switch token.kind {
            case .attribute: found = ["Test", "Suite", "Testing"].contains(token.text)
            case .identifier: found = token.text == "XCTestCase"
            case .openBrace, .closeBrace, .string, .number, .punctuation: break
            }
            return !found
        }
        return found
    }

    /// Names a file declares (`SwiftTokens`, so never in a comment or a string): types and
    /// functions at any depth, and variables at the top level, outside every brace. Names shorter
    /// than three letters, and `test…`/`setUp`-style members, are too common to tell anything.
    static func declaredNames(in text: String) -> Set<String> {
        var names = Set<String>()
        let keywords: Set<String> = ["func", "class", "struct", "enum", "protocol", "actor", "typealias"]
        var depth = 0
        var declaringOnLine: Int?
        SwiftTokens.scan(text) { (token: SwiftTokens.Token) in
            switch token.kind {
            case .openBrace: depth += 1
            case .closeBrace: depth = max(0, depth - 1)
            case .attribute, .string, .number, .punctuation: break
            case .identifier:
                let name = token.text
                if declaringOnLine == token.line, name.count >= 3, name.first.map({ $0.isLetter || $0 == "_" }) == true,
                   !name.hasPrefix("test"), !["setUp", "tearDown", "init"].contains(name) {
                    names.insert(name)
                }
                let declares = keywords.contains(name) || (depth == 0 && (name == "let" || name == "var"))
                declaringOnLine = declares ? token.line : nil
            }
            return true
        }
        return names
    }

    /// Every identifier-like word of a file (comments and strings included: a little generous, never
    /// harmful, since a helper compiled with an exercise that does not use it changes nothing). Not
    /// `SwiftTokens` on purpose: a helper named only in a comment or a string (`NSClassFromString`)
    /// is still graded with the exercise, as plain `swift build` compiles every file of the folder.
    static func words(in text: String) -> Set<String> {
        Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
    }
}
