import Foundation

/// Everything that decides one track's verdict, written out as lines of text, and the digest of
/// those lines: the key under which the runs that earned the verdict are kept (`KeptRuns`).
///
/// A verdict is decided by what was compiled and run, and by what judged it:
/// - the attendee's files of the track, as the shadow copy compiles them (`Grade/<target>/…`),
///   and every other file of the exercise's folder (`Exercises/Mocking/…`, any kind: a fixture the
///   test reads as it runs) but the test files of other tracks;
/// - the legacy modules with their variants compiled in, and the grader's hook (`Sources/…`,
///   `Hook/…` of the shadow copy), the checkout's manifest, and each variant the track runs;
/// - the track's catalog entry (files, limits, chaffs, wheats, words);
/// - the grader, the toolchain and the platform (`GradingMachine`), and whose decisions the grader
///   takes there (`TestPlatform.decisions`: `KATA_PLATFORM=macos` runs other plans, without the
///   build replay, and judges `requires` against other versions);
/// - how many times the real module runs (`--repeats`).
///
/// What is left out is said in the README: the environment a test reads, files outside the kata,
/// the network. The digest is FNV-1a, as the build record's: it tells versions apart, it does not
/// stand up to a file crafted to collide.
public struct VerdictKey: Equatable, Sendable {
    /// The lines, sorted: what a maintainer reads to see why two keys differ.
    public var ingredients: [String]
    public var digest: String

    public init(ingredients: [String]) {
        self.ingredients = ingredients.sorted()
        digest = Fingerprint.hex(Data(self.ingredients.joined(separator: "\n").utf8))
    }

    /// What the machine that grades brings to every verdict.
    public struct Machine: Equatable, Sendable {
        public var grader: String
        public var toolchain: String
        public var platform: String
        /// The platform's decisions (`TestPlatform.decisions`).
        public var decisions: String

        public init(grader: String, toolchain: String, platform: String, decisions: String = "") {
            self.grader = grader
            self.toolchain = toolchain
            self.platform = platform
            self.decisions = decisions
        }
    }

    /// The key of `track`. `files`: every file the shadow build reads, by path in the copy, with
    /// its fingerprint (`Sources/…`, `Hook/…`, `Grade/<target>/…`); only the track's own target
    /// and the shared modules count. `manifest`: the checkout's `Package.swift`, by fingerprint.
    /// `exerciseFolder`: every file of the track's folder of tests that it may read as it runs (a
    /// fixture beside the test, whatever its kind), by path in that folder, with its fingerprint.
    public static func of(_ track: Catalog.Exercise, variants: [Variant], points: [PerturbationPoint] = [],
                          files: [String: String], manifest: String,
                          machine: Machine, repeats: Int, exerciseFolder: [String: String] = [:]) -> VerdictKey {
        let target = "Grade/\(track.targetName)/"
        var lines = files.filter { path, _ in path.hasPrefix("Sources/") || path.hasPrefix("Hook/") || path.hasPrefix(target) }
            .map { "file \($0.key) \($0.value)" }
        lines += exerciseFolder.map { "folder \($0.key) \($0.value)" }
        lines += [
            "format \(KeptRuns.currentFormat)",
            "manifest \(manifest)",
            "grader \(machine.grader)",
            "toolchain \(machine.toolchain)",
            "platform \(machine.platform)",
            "decisions \(machine.decisions)",
            "repeats \(repeats)",
        ]
        lines += catalogEntry(of: track).map { "catalog \($0)" }
        for (kind, names) in [(Variant.Kind.chaff, track.chaffs), (.wheat, track.wheats)] {
            for name in names {
                guard let variant = variants.first(where: { $0.module == track.module && $0.name == name && $0.kind == kind }) else {
                    lines.append("variant \(kind.rawValue) \(name) missing")
                    continue
                }
                lines.append("variant \(kind.rawValue) \(name) \(fingerprint(of: variant))")
            }
        }
        for name in track.perturbs {
            guard let point = points.first(where: { $0.module == track.module && $0.name == name }) else {
                lines.append("point \(name) missing")
                continue
            }
            let text = ([point.contract, point.words, "\(point.range)"] + point.hunks.flatMap { [$0.file, $0.original, $0.replacement] })
            lines.append("point \(name) \(Fingerprint.hex(Data(text.joined(separator: "\u{0}").utf8)))")
        }
        return VerdictKey(ingredients: lines)
    }

    /// The track as the catalog describes it: every field, one line each.
    static func catalogEntry(of track: Catalog.Exercise) -> [String] {
        [
            "key \(track.key)", "id \(track.id)", "module \(track.module)", "pattern \(track.pattern)",
            "framework \(track.framework.rawValue)", "catalogFramework \(track.catalogFramework.rawValue)",
            "files \(track.files.joined(separator: ","))", "uses \(track.uses.joined(separator: ","))",
            "timeLimit \(track.timeLimit)", "budget \(track.budget)",
            "chaffs \(track.chaffs.joined(separator: ","))", "wheats \(track.wheats.joined(separator: ","))",
            "perturbs \(track.perturbs.joined(separator: ","))",
            "title \(Fingerprint.hex(Data(track.title.utf8)))", "idea \(Fingerprint.hex(Data(track.idea.utf8)))",
            "hint \(Fingerprint.hex(Data(track.hint.utf8)))",
            "requires swift \(track.requires.swift?.description ?? "-") macOS \(track.requires.macOS?.description ?? "-")",
        ]
    }

    /// A variant's hint and hunks, by digest.
    static func fingerprint(of variant: Variant) -> String {
        let text = ([variant.hint] + variant.hunks.flatMap { [$0.file, $0.original, $0.replacement] }).joined(separator: "\u{0}")
        return Fingerprint.hex(Data(text.utf8))
    }
}
