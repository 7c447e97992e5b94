import Foundation
import KataGradingCore
import KataVerdicts

/// `grade.sh --check`: the maintainers' consistency check, in the spirit of rustlings' `dev check`.
/// Everything here is static (no build, no test run), so it takes a moment and names exactly what
/// disagrees. `Scripts/selftest.sh` runs it with `--json`; `MaintainerCheckPlantsTests` plants one
/// inconsistency of each kind in a copy to prove that each check can fail.
public struct MaintainerCheck {
    public struct Result: Codable, Equatable {
        public var name: String
        public var summary: String
        public var problems: [String]
        public var ok: Bool { problems.isEmpty }

        enum CodingKeys: String, CodingKey { case name, summary, problems, ok }

        public init(name: String, summary: String, problems: [String]) {
            self.name = name
            self.summary = summary
            self.problems = problems
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            summary = try c.decode(String.self, forKey: .summary)
            problems = try c.decode([String].self, forKey: .problems)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(summary, forKey: .summary)
            try c.encode(problems, forKey: .problems)
            try c.encode(ok, forKey: .ok)
        }
    }

    public var paths: KataPaths

    public init(paths: KataPaths) { self.paths = paths }

    public func run() -> [Result] {
        let catalog: Catalog
        do {
            catalog = try Catalog.load(from: paths.catalog)
        } catch {
            return [Result(name: "catalog", summary: "Catalog/catalog.json loads", problems: ["\(error)"])]
        }
        return [sources(), variants(catalog), perturbations(catalog), hints(catalog), mirror(catalog), starters(catalog), wheats(catalog),
                fixtures(catalog), readme(catalog), resultsFiles([])]
    }

    /// Catalog/sources.json against the kata's own files: a record left stale makes every grade
    /// refuse to start, so the check says so first, with the command that records them.
    func sources() -> Result {
        let summary = "Catalog/sources.json records the kata's own files as they are"
        guard let difference = ShippedKata.firstEdited(paths) else { return Result(name: "sources", summary: summary, problems: []) }
        let how: String
        switch difference.kind {
        case .changed: how = "changed since it was recorded"
        case .missing: how = "missing or unreadable"
        case .added: how = "not recorded"
        }
        return Result(name: "sources", summary: summary,
                      problems: ["\(difference.file) is \(how), so every grade would refuse to start: run Scripts/regenerate.sh to record the kata as it is, and commit Catalog/sources.json with the change."])
    }

    /// docs/results-json.md's example against its table, and the files given (`--check FILE…`):
    /// results files against that table, doctor reports (they have `grades`) against
    /// docs/doctor-json.md's.
    public func resultsFiles(_ files: [String]) -> Result {
        func doc(_ name: String) -> String { (try? String(contentsOf: paths.root.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        let results = ResultsSchema(doc: doc("docs/results-json.md"))
        let doctor = DocTableSchema(doc: doc("docs/doctor-json.md"), named: "docs/doctor-json.md")
        var problems = results.problems(Data((ResultsSchema.example(in: doc("docs/results-json.md")) ?? "").utf8), name: "docs example")
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { problems.append("\(file): cannot be read"); continue }
            if case .object(let object)? = try? JSONDecoder().decode(DocTableSchema.Value.self, from: data), object["grades"] != nil {
                problems += doctor.problems(.object(object), name: file)
            } else {
                problems += results.problems(data, name: file)
            }
        }
        let summary = files.isEmpty ? "docs/results-json.md's example matches its field table"
            : "docs/results-json.md's example, and \(files.count) results files or doctor reports, match their docs' field tables"
        return Result(name: "results-json", summary: summary, problems: problems)
    }

    // MARK: - The checks

    /// Every variant file belongs to an exercise of its own module, and every variant an exercise
    /// names exists in its module.
    func variants(_ catalog: Catalog) -> Result {
        var problems: [String] = []
        let variants: [Variant]
        do {
            variants = try Variant.loadAll(from: paths.variants)
        } catch {
            return Result(name: "variants", summary: "every variant is used, and every used variant exists", problems: ["\(error)"])
        }
        for variant in variants {
            let users = catalog.exercises.filter {
                $0.module == variant.module
                    && (variant.kind == .chaff ? $0.chaffs : $0.wheats).contains(variant.name)
            }
            if users.isEmpty {
                problems.append("Catalog/Variants/\(variant.module)/\(variant.name).\(variant.kind.rawValue) is graded by no exercise of \(variant.module).")
            }
        }
        for (exercise, name, kind) in catalog.missingVariants(in: variants) {
            problems.append("\(exercise.id) lists the \(kind.rawValue) '\(name)', but Catalog/Variants/\(exercise.module)/\(name).\(kind.rawValue) does not exist.")
        }
        return Result(name: "variants", summary: "every variant is used by an exercise of its module, and every listed variant exists", problems: problems)
    }

    /// Every exercise states its perturbation contract (`perturbs`, or `perturbsNone` and why),
    /// naming points of its module; every point is perturbed by an exercise, says its contract
    /// (the parser requires `contract:`, `words:`, `range:`) and applies to its legacy file; and
    /// every timing wheat is within a point's contract (`within: POINT MS`, MS in its range).
    func perturbations(_ catalog: Catalog) -> Result {
        let summary = "every exercise states its perturbation contract, every point has one, its margin fits the time limit, every timing wheat is within one"
        let points: [PerturbationPoint]
        let variants: [Variant]
        do {
            points = try PerturbationPoint.loadAll(from: paths.variants)
            variants = try Variant.loadAll(from: paths.variants)
        } catch {
            return Result(name: "perturbations", summary: summary, problems: ["\(error)"])
        }
        var problems: [String] = []
        for exercise in catalog.exercises {
            if !exercise.statesPerturbations {
                problems.append("\(exercise.id) states no perturbation contract: add \"perturbs\": [the points of \(exercise.module) its code reaches] to Catalog/catalog.json.")
            } else if exercise.perturbs.isEmpty, (exercise.perturbsNone ?? "").isEmpty {
                problems.append("\(exercise.id) perturbs nothing: say why in \"perturbsNone\", or list the points its code reaches.")
            }
            for name in exercise.perturbs where !points.contains(where: { $0.module == exercise.module && $0.name == name }) {
                problems.append("\(exercise.id) perturbs '\(name)', but Catalog/Variants/\(exercise.module)/\(name).point does not exist.")
            }
            // The margin seed delays every point to a quarter again its HIGH (`Perturbation.margin`): all
            // of them, one after the other, must leave a correct suite half the exercise's time
            // limit, or a generous wait would be killed there. (That every solution passes the
            // margin is what a grade of the solutions shows: each grade draws its margin seed.)
            let margin = points.filter { $0.module == exercise.module && exercise.perturbs.contains($0.name) }
                .map { Perturbation.margin($0.range.upperBound) }.reduce(0, +)
            if Double(margin) > exercise.timeLimit * 1000 / 2 {
                problems.append("\(exercise.id): its points' margin (a quarter again each HIGH) adds up to \(margin) ms, more than half its \(Int(exercise.timeLimit)) s time limit: a correct suite could be killed on the margin seed. Raise \"timeLimit\" or narrow a range.")
            }
        }
        for point in points {
            let file = "Catalog/Variants/\(point.module)/\(point.name).point"
            if !catalog.exercises.contains(where: { $0.module == point.module && $0.perturbs.contains(point.name) }) {
                problems.append("\(file) is perturbed by no exercise of \(point.module): list it in an exercise's \"perturbs\", or drop it.")
            }
        }
        // Every point applies where it says, with the module's variants, as the shadow copy compiles them.
        for module in Set(points.map(\.module)).sorted() {
            guard let template = Perturbation.template(module: module, points: points) else { continue }
            let moduleVariants = variants.filter { $0.module == module } + [template]
            for file in Set(template.hunks.map(\.file)).sorted() {
                let url = paths.sources.appendingPathComponent(module).appendingPathComponent(file)
                guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                    problems.append("a point of \(module) names Sources/\(module)/\(file), which does not exist.")
                    continue
                }
                do { _ = try Schemata.apply(moduleVariants, toFile: file, source: source) } catch {
                    problems.append("\(error)".replacingOccurrences(of: "variant \(template.key)", with: "a point of \(module)"))
                }
            }
        }
        for wheat in variants where wheat.kind == .wheat && wheat.difference == .timing {
            let file = "Catalog/Variants/\(wheat.module)/\(wheat.name).wheat"
            guard let within = wheat.within else {
                problems.append("\(file) differs in timing but says within no point: add `within: POINT MS`, the point of \(wheat.module) whose contract allows it and the delay it amounts to.")
                continue
            }
            guard let point = points.first(where: { $0.module == wheat.module && $0.name == within.point }) else {
                problems.append("\(file) is within '\(within.point)', but Catalog/Variants/\(wheat.module)/\(within.point).point does not exist.")
                continue
            }
            if !point.range.contains(within.milliseconds) {
                problems.append("\(file) amounts to \(within.milliseconds) ms at '\(point.name)', outside its contract's \(point.range.lowerBound)...\(point.range.upperBound) ms: the wheat is not correct code, or the contract is too narrow.")
            }
        }
        return Result(name: "perturbations", summary: summary, problems: problems)
    }

    /// Every hint an attendee reads names the tools of the framework they write in: an exercise's
    /// hint on each of its tracks, and each of its chaffs' and wheats' hints as that track shows
    /// them (`hint@xctest:` / `hint@swift-testing:`, else `hint:`). A variant's plain `hint:` is
    /// also the room's, which shows every framework: when exercises of both frameworks grade
    /// against it, it names neither's tools.
    func hints(_ catalog: Catalog) -> Result {
        let summary = "every hint names only the tools of the framework its track is written in"
        let variants: [Variant]
        do {
            variants = try Variant.loadAll(from: paths.variants)
        } catch {
            return Result(name: "hints", summary: summary, problems: ["\(error)"])
        }
        var problems: [String] = []
        func flag(_ text: String, on framework: Catalog.Framework, _ what: String) {
            let words = framework.other.toolWords(in: text)
            if !words.isEmpty {
                problems.append("\(what) names \(framework.other.title)'s \(words.joined(separator: ", ")) on \(framework == .xctest ? "an" : "a") \(framework.title) track: give that track a hint in its own framework's words.")
            }
        }
        for variant in variants {
            let tracks = catalog.exercises.filter {
                $0.module == variant.module && (variant.kind == .chaff ? $0.chaffs : $0.wheats).contains(variant.name)
            }.flatMap(\.tracks)
            let file = "Catalog/Variants/\(variant.module)/\(variant.name).\(variant.kind.rawValue)"
            let frameworks = Catalog.Framework.allCases.filter { framework in tracks.contains { $0.framework == framework } }
            for framework in frameworks {
                let own = variant.frameworkHints[framework] != nil
                flag(variant.hint(for: framework), on: framework, "\(file)'s \(own ? "hint@\(framework.rawValue):" : "hint:")")
            }
            if frameworks.count > 1 {
                let named = Catalog.Framework.allCases.flatMap { $0.toolWords(in: variant.hint) }
                if !named.isEmpty {
                    problems.append("\(file)'s hint: is the room's for both frameworks, but names \(named.joined(separator: ", ")): keep it in neither's words, and put each framework's in hint@xctest: and hint@swift-testing:.")
                }
            }
        }
        for exercise in catalog.exercises {
            for track in exercise.tracks {
                flag(track.hint, on: track.framework, "\(track.key)'s hint in Catalog/catalog.json")
            }
        }
        return Result(name: "hints", summary: summary, problems: problems)
    }

    /// `Exercises/` and `Solutions/` hold the same files, every one of them in the catalog, and
    /// `Package.swift` declares the catalog's patterns.
    func mirror(_ catalog: Catalog) -> Result {
        var problems: [String] = []
        let modules = catalog.patterns.map(\.module)
        let manifest = (try? String(contentsOf: paths.manifest, encoding: .utf8)) ?? ""
        let declared = Self.declaredPatterns(manifest)
        if declared != modules {
            problems.append("Package.swift declares the patterns \(declared.joined(separator: ", ")), the catalog \(modules.joined(separator: ", ")): keep them the same, in the same order.")
        }
        for folder in [paths.exercises, paths.solutions] {
            let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
            for extra in present.sorted() where !modules.contains(extra) {
                problems.append("\(paths.relative(folder))/\(extra) is not a pattern's folder.")
            }
        }
        for module in modules {
            let exercises = Set((try? FileTree.swiftFiles(under: paths.exercises.appendingPathComponent(module))) ?? [])
            let solutions = Set((try? FileTree.swiftFiles(under: paths.solutions.appendingPathComponent(module))) ?? [])
            for file in exercises.subtracting(solutions).sorted() { problems.append("Exercises/\(module)/\(file) has no twin in Solutions/\(module)/.") }
            for file in solutions.subtracting(exercises).sorted() { problems.append("Solutions/\(module)/\(file) has no twin in Exercises/\(module)/.") }
            let listed = Set(catalog.allTracks.filter { $0.module == module }.flatMap { $0.files + $0.uses })
            for file in exercises.subtracting(listed).sorted() {
                problems.append("Exercises/\(module)/\(file) belongs to no exercise: list it in the catalog's files or uses.")
            }
            for file in listed.subtracting(exercises).sorted() {
                problems.append("the catalog lists \(module)/\(file), which is not in Exercises/\(module)/.")
            }
        }
        return Result(name: "mirror", summary: "Exercises/ and Solutions/ mirror each other and the catalog; Package.swift's patterns are the catalog's", problems: problems)
    }

    /// Each exercise has an idea and a hint; each of its own files, starter and solution, opens with
    /// `// Exercise <id>`; each track's starter has a story and a `// TODO:`.
    func starters(_ catalog: Catalog) -> Result {
        var problems: [String] = []
        var starters: ShippedStarters?
        do { starters = try ShippedStarters.load(from: paths.starters) } catch { problems.append("\(error)") }
        var compared = Set<String>()
        for exercise in catalog.exercises {
            if exercise.hint.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(exercise.id) has no hint.") }
            if exercise.idea.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(exercise.id) has no idea.") }
            let module = exercise.module
            for track in exercise.tracks {
                var todo = false
                var story = false
                for file in track.ownFiles {
                    for root in [paths.exercises, paths.solutions] {
                        let url = root.appendingPathComponent("\(module)/\(file)")
                        guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                        let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
                        if !first.hasPrefix("// Exercise \(exercise.id)") {
                            problems.append("\(paths.relative(url)) does not open with \"// Exercise \(exercise.id)\".")
                        }
                        guard root == paths.exercises else { continue }
                        if text.contains("// TODO:") { todo = true }
                        let commentLines = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                        if commentLines.count >= 4 { story = true }
                    }
                }
                for file in track.files {
                    let key = "\(module)/\(file)"
                    guard compared.insert(key).inserted else { continue }
                    let shipped = paths.exercises.appendingPathComponent(key)
                    guard let recorded = starters?.texts[key] else {
                        if starters != nil { problems.append("Catalog/starters.json has no text for Exercises/\(key): run Scripts/regenerate.sh.") }
                        continue
                    }
                    if let data = FileManager.default.contents(atPath: shipped.path), data != Data(recorded.utf8) {
                        problems.append("Exercises/\(key) differs from its text in Catalog/starters.json (what --reset writes without git): run Scripts/regenerate.sh.")
                    }
                }
                if !todo {
                    problems.append("\(exercise.key) has no \"// TODO:\" in its starter (\(track.ownFiles.joined(separator: ", "))).")
                }
                if !story {
                    problems.append("\(exercise.key)'s starter tells no story: its files open with a few lines on the problem and the idea.")
                }
            }
        }
        return Result(name: "starters", summary: "every exercise has an idea and a hint; every file names its exercise; every starter has a story and a TODO, and Catalog/starters.json holds its text as shipped", problems: problems)
    }

    /// Every wheat is shown rejecting a weak suite: a fixture whose `expected` says
    /// `rejects correct code` and `rejected-by: <wheat>`. A wheat no test can reject grades nothing.
    func wheats(_ catalog: Catalog) -> Result {
        var problems: [String] = []
        for exercise in catalog.exercises {
            let expectations = fixtureExpectations(exercise)
            for wheat in exercise.wheats {
                let shown = expectations.contains { $0.verdict == .rejectsCorrectCode && $0.rejectedBy == wheat }
                if !shown {
                    problems.append("\(exercise.id)'s wheat '\(wheat)' rejects no fixture: add a weak suite it rejects (expected: \"rejects correct code\" then \"rejected-by: \(wheat)\"), or drop the wheat.")
                }
            }
        }
        return Result(name: "wheats", summary: "every wheat rejects at least one weak suite", problems: problems)
    }

    /// Every fixture belongs to an exercise, says which verdict it must get, replaces files of
    /// that exercise, and says in one line of its own why it is weak (`why:`, what `--demo` shows
    /// first): no two fixtures give the same reason, and none gives its exercise's idea.
    func fixtures(_ catalog: Catalog) -> Result {
        var problems: [String] = []
        let root = paths.root.appendingPathComponent("Tests/Fixtures")
        var reasons: [String: String] = [:]
        for id in ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where !id.hasPrefix(".") {
            guard let exercise = catalog.exercises.first(where: { $0.id == id }) else {
                problems.append("Tests/Fixtures/\(id) names no exercise.")
                continue
            }
            let files = Set(exercise.tracks.flatMap(\.files))
            for fixture in fixtureExpectations(exercise) {
                if fixture.verdict == nil {
                    problems.append("\(fixture.folder)/expected: '\(fixture.firstLine ?? "(no expected file)")' is not a verdict.")
                }
                if let wheat = fixture.rejectedBy, !exercise.wheats.contains(wheat) {
                    problems.append("\(fixture.folder)/expected: \(exercise.id) has no wheat '\(wheat)'.")
                }
                for file in fixture.files where !files.contains(file) {
                    problems.append("\(fixture.folder)/\(file) is not a file of \(exercise.id).")
                }
                for key in fixture.unknownKeys {
                    problems.append("\(fixture.folder)/expected: '\(key):' is none of \(WeakSuite.Expected.keys.joined(separator: ", ")).")
                }
                guard let why = fixture.why, !why.isEmpty else {
                    problems.append("\(fixture.folder)/expected has no why: line, the one-line reason this suite is weak that --demo shows.")
                    continue
                }
                if why.count > Self.maxReason {
                    problems.append("\(fixture.folder)/expected: its why: is \(why.count) characters; --demo shows it on one line of at most \(Self.maxReason).")
                }
                let key = Self.comparable(why)
                if let other = reasons[key] {
                    problems.append("\(fixture.folder)/expected gives the same why: as \(other): say what this suite gets wrong.")
                } else {
                    reasons[key] = fixture.folder
                }
                if key == Self.comparable(exercise.idea) {
                    problems.append("\(fixture.folder)/expected: its why: is the exercise's idea; say what this suite gets wrong.")
                }
            }
        }
        return Result(name: "fixtures", summary: "every fixture names a verdict, replaces files of its exercise, and says why it is weak in one line of its own", problems: problems)
    }

    /// The longest `why:` that `--demo` shows on one line under a suite's (80 columns, indented).
    static let maxReason = 76

    /// A reason as compared for sameness: case, spacing and punctuation aside.
    static func comparable(_ text: String) -> String {
        text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }.split(separator: " ").joined(separator: " ")
    }

    /// The README's verdict table and exercise index, and the docs' lists of verdicts, are what the
    /// code writes (`GeneratedDocs`): a new verdict, or an exercise, is named wherever a reader
    /// looks it up.
    func readme(_ catalog: Catalog) -> Result {
        let problems = GeneratedDocs.problems(root: paths.root, catalog: catalog)
        return Result(name: "readme", summary: "README.md's verdict table and exercise index, and the docs' lists of verdicts, match the code", problems: problems)
    }

    // MARK: - Reading

    struct FixtureExpectation {
        var folder: String
        var verdict: VerdictKind?
        /// The `expected` file's first line, as written.
        var firstLine: String?
        var rejectedBy: String?
        var why: String?
        var unknownKeys: [String]
        var files: [String]
    }

    func fixtureExpectations(_ exercise: Catalog.Exercise) -> [FixtureExpectation] {
        WeakSuite.all(of: exercise, root: paths.root).map { suite in
            FixtureExpectation(folder: paths.relative(suite.folder), verdict: suite.expected.verdict, firstLine: suite.expected.firstLine,
                               rejectedBy: suite.expected.rejectedBy, why: suite.expected.why,
                               unknownKeys: suite.expected.unknownKeys, files: suite.files)
        }
    }

    /// `Pattern(module: "X"` in the manifest's table, in order.
    static func declaredPatterns(_ manifest: String) -> [String] {
        manifest.components(separatedBy: "Pattern(module: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    // MARK: - Output

    public static func text(_ results: [Result]) -> String {
        var lines: [String] = []
        for result in results {
            lines.append((result.ok ? "  ok    " : "  FAIL  ") + result.name + ": " + result.summary)
            lines += result.problems.map { "        - " + $0 }
        }
        let failed = results.filter { !$0.ok }.count
        lines.append("")
        lines.append("\(results.count - failed) passed, \(failed) failed")
        return lines.joined(separator: "\n")
    }

    public static func json(_ results: [Result]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(["checks": results])) ?? Data()) + Data("\n".utf8)
    }
}
