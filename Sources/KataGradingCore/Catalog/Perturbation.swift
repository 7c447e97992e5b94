import Foundation

/// A place where legacy code hands work to another time or thread, and what its contract lets
/// that hand-off do: `Catalog/Variants/<Module>/<name>.point` (Catalog/README.md, "Perturbation
/// points"). The grader's shadow copy can delay the hand-off by any value in `range` while the code
/// stays correct, so a suite that fails under such a delay depends on timing the code never
/// promised.
public struct PerturbationPoint: Sendable, Equatable {
    public var module: String
    public var name: String
    /// What the legacy code promises, in one sentence an attendee reads.
    public var contract: String
    /// Completes "your tests fail when …"; `{ms}` stands for the delay chosen.
    public var words: String
    /// The delays, in milliseconds, the contract allows at this point.
    public var range: ClosedRange<Int>
    /// The hand-off rewritten: `placeholder` in a replacement stands for the delay, an `Int` of ms.
    public var hunks: [Variant.Hunk]

    public static let placeholder = "KATA_MS"
    /// The most a point may delay its hand-off.
    public static let longest = 2000

    public var key: String { "\(module)/\(name)" }

    /// The delay the module ships with at this point: the number a `-` line holds where its `+`
    /// line says `KATA_MS` (`.milliseconds(150)` for `.milliseconds(KATA_MS)`), else LOW (the point
    /// adds a delay where the code has none).
    public var shipped: Int {
        for hunk in hunks {
            let originals = hunk.original.components(separatedBy: "\n")
            for line in hunk.replacement.components(separatedBy: "\n") where line.contains(Self.placeholder) {
                let parts = line.components(separatedBy: Self.placeholder)
                guard parts.count == 2 else { continue }
                for original in originals where original.hasPrefix(parts[0]) && original.hasSuffix(parts[1])
                    && original.count > parts[0].count + parts[1].count {
                    let middle = original.dropFirst(parts[0].count).dropLast(parts[1].count)
                    if let value = Int(middle) { return value }
                }
            }
        }
        return range.lowerBound
    }

    /// `words` with the delay `milliseconds`.
    public func words(_ milliseconds: Int) -> String {
        words.replacingOccurrences(of: "{ms}", with: String(milliseconds))
    }

    /// Parses the text of one `.point` file.
    public static func parse(_ text: String, module: String, name: String, source: String) throws -> PerturbationPoint {
        var fields: [String: (line: Int, value: String)] = [:]
        let (headers, hunks) = try Variant.read(text, source: source, fields: ["contract", "words", "range"], into: &fields)
        if headers.hint != nil || headers.differs != nil || !headers.frameworkHints.isEmpty {
            throw CatalogError("\(source): a point has no `hint:` or `differs:`; it says `contract:`, `words:` and `range:`.")
        }
        func field(_ key: String, _ example: String) throws -> (line: Int, value: String) {
            guard let value = fields[key], !value.value.isEmpty else {
                throw CatalogError("\(source): a `\(key):` line is missing (\(example)).")
            }
            return value
        }
        let contract = try field("contract", "what the code promises, as `contract: hands its value over at any time up to 1 s later`")
        let words = try field("words", "what happened, completing 'your tests fail when …', as `words: the value is handed over {ms} ms later`")
        let range = try field("range", "the delays allowed in milliseconds, as `range: 0...1000`")
        let bounds = range.value.components(separatedBy: "...").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low >= 0, low < high, high <= longest else {
            throw CatalogError("\(source):\(range.line): `range:` takes two whole numbers of milliseconds, LOW...HIGH with 0 <= LOW < HIGH <= \(longest), not \(range.value).")
        }
        guard words.value.contains("{ms}") else {
            throw CatalogError("\(source):\(words.line): `words:` must say the delay: put {ms} where it goes.")
        }
        guard hunks.contains(where: { $0.replacement.contains(placeholder) }) else {
            throw CatalogError("\(source): no `+` line uses \(placeholder), the delay the grader picks.")
        }
        return PerturbationPoint(module: module, name: name, contract: contract.value, words: words.value,
                                 range: low...high, hunks: hunks)
    }
}

/// Turns a module's perturbation points into wheats the grader generates: compiled-in versions of
/// the module with the delays of some of its points asked of the run hook (`template`, one for each
/// set of points an exercise perturbs, so that an exercise's runs delay its own points and no other),
/// and, for each seed, the correct version that seed picks (`wheat`), which runs as its exercise's
/// template with the seed.
///
/// A seed picks each point's delay from its range alone (`delay`): LOW, HIGH or the middle, so a
/// replay with the same seed delays every hand-off exactly as before. The run hook computes the same
/// function (`RunHookSource`), with the same SipHash as its channel's key.
public enum Perturbation {
    /// What a template's name starts with: never a file's (no variant file name holds a `~`).
    public static let templatePrefix = "~points:"
    /// The number the schema gives a module's first template (`Schemata.number`), the last of a
    /// byte; the next one 254, and so on down.
    public static let templateNumber: Int32 = 255

    /// The name of the template that delays the points `names`.
    public static func templateName(for names: [String]) -> String { templatePrefix + names.sorted().joined(separator: "+") }

    /// The templates `exercises` of `module` need: one for each set of points one of them perturbs.
    public static func templates(module: String, points: [PerturbationPoint], exercises: [Catalog.Exercise]) -> [Variant] {
        let sets = Set(exercises.filter { $0.module == module && !$0.perturbs.isEmpty }.map { $0.perturbs.sorted() })
        return sets.sorted { templateName(for: $0) < templateName(for: $1) }.compactMap { template(module: module, points: points, names: $0) }
    }

    /// The schema's number of the template named `name` among the module's templates in `variants`.
    public static func number(ofTemplate name: String, module: String, among variants: [Variant]) -> Int32 {
        let names = variants.filter { $0.module == module && $0.name.hasPrefix(templatePrefix) }.map(\.name).sorted()
        return templateNumber - Int32(names.firstIndex(of: name) ?? 0)
    }
    /// Seeds are 24 bits: the variant word's upper three bytes (`Schemata.word`).
    public static let seeds: ClosedRange<UInt32> = 1...0xFF_FFFF
    /// The seed's top bit asks for the margin: every point the seed puts at HIGH is delayed to
    /// `margin(HIGH)` instead, a quarter again what its contract allows. The other bits pick the delays
    /// as for any seed, so `withinContract(seed)` is the same timing inside the contract.
    public static let marginBit: UInt32 = 0x80_0000
    /// What a correct wait survives: a quarter again the contract's longest delay, as a slow machine
    /// would add (`PerturbationPoint.range`'s HIGH times 5/4). A quarter, not a half: the margin run
    /// is the longest of a grade's runs, so its stretch is what every edit–grade waits for (half
    /// again made a Swift Testing edit–grade of flaky-tests-timeout 30 % slower; a quarter still
    /// rejects the 1.0 s, 1.02 s and 1.2 s waits of a one-second contract).
    public static func margin(_ high: Int) -> Int { high + high / 4 }
    /// Whether `seed` stretches its HIGH points past their contract.
    public static func isMargin(_ seed: UInt32) -> Bool { seed & marginBit != 0 }
    /// The seed with the same timing, inside the contract.
    public static func withinContract(_ seed: UInt32) -> UInt32 { seed & ~marginBit }

    /// The points of `module`, numbered 1, 2, … in the order of their names, as the template asks
    /// the hook for their delays.
    public static func numbered(_ points: [PerturbationPoint], module: String) -> [(number: Int32, point: PerturbationPoint)] {
        points.filter { $0.module == module }.sorted { $0.name < $1.name }.enumerated().map { (Int32($0.offset + 1), $0.element) }
    }

    /// The delay `seed` picks at the point numbered `point`, within `range` (HIGH stretched to
    /// `margin(HIGH)` for a margin seed).
    public static func delay(seed: UInt32, point: Int32, range: ClosedRange<Int>) -> Int {
        let hash = ChannelKey(k0: UInt64(withinContract(seed)), k1: UInt64(UInt32(bitPattern: point))).mac(Array("delay".utf8))
        switch hash % 4 {
        case 0, 1: return isMargin(seed) ? margin(range.upperBound) : range.upperBound
        case 2: return range.lowerBound
        default: return range.lowerBound + (range.upperBound - range.lowerBound) / 2
        }
    }

    /// The version of `module` with the hand-offs of its points `names` (every one when nil)
    /// delayed by what the run's seed picks, the others as they are: compiled into the shadow copy
    /// with the variants. Nil when none of those points exists.
    public static func template(module: String, points: [PerturbationPoint], names: [String]? = nil) -> Variant? {
        let numbered = numbered(points, module: module).filter { names?.contains($0.point.name) ?? true }
        guard !numbered.isEmpty else { return nil }
        let hunks = numbered.flatMap { number, point in
            point.hunks.map { hunk in
                var hunk = hunk
                hunk.replacement = hunk.replacement.replacingOccurrences(
                    of: PerturbationPoint.placeholder,
                    with: "Int(\(GraderOnlyNames.delayFunction)(\(number), \(point.range.lowerBound), \(point.range.upperBound)))")
                return hunk
            }
        }
        return Variant(module: module, name: templateName(for: numbered.map(\.point.name)), kind: .wheat, hint: "", hunks: hunks,
                       differs: .timing)
    }

    /// One point a generated wheat delays: its contract, and the delay the wheat's seed picks.
    public struct Delay: Sendable, Equatable {
        public var point: String
        public var contract: String
        public var words: String
        /// The point's HIGH: the longest delay its contract allows.
        public var high: Int
        public var milliseconds: Int
        /// Past what the contract allows (a margin seed's HIGH).
        public var beyond: Bool { milliseconds > high }
    }

    /// The correct version of `exercise`'s module that `seed` picks: its points (`exercise.perturbs`)
    /// delayed as the seed says, its hint the delays in words. A margin seed's version is correct
    /// only with room to spare: it answers later than the contract allows.
    public static func wheat(_ exercise: Catalog.Exercise, seed: UInt32, points: [PerturbationPoint]) -> Variant {
        var variant = Variant(module: exercise.module, name: "perturbed-\(seed)", kind: .wheat,
                              hint: words(exercise, seed: seed, points: points), hunks: [], differs: .timing)
        variant.seed = seed
        variant.template = templateName(for: exercise.perturbs)
        variant.delays = numbered(points, module: exercise.module).filter { exercise.perturbs.contains($0.point.name) }.map { number, point in
            Delay(point: point.name, contract: point.contract, words: point.words, high: point.range.upperBound,
                  milliseconds: delay(seed: seed, point: number, range: point.range))
        }
        return variant
    }

    /// A margin seed's wheat with the same timing inside the contract (every stretched point back
    /// at its HIGH): run when the margin's fails, to tell a suite that rejects correct code from
    /// one that passes only at the contract's edge. Nil for a wheat that is not a margin seed's.
    public static func insideContract(_ wheat: Variant) -> Variant? {
        guard let seed = wheat.seed, isMargin(seed) else { return nil }
        var inside = wheat
        inside.seed = withinContract(seed)
        inside.name = "perturbed-\(withinContract(seed))"
        inside.delays = wheat.delays.map { var delay = $0; delay.milliseconds = min(delay.milliseconds, delay.high); return delay }
        inside.hint = joined(inside.delays.map { $0.words.replacingOccurrences(of: "{ms}", with: String($0.milliseconds)) })
        return inside
    }

    static func joined(_ phrases: [String]) -> String {
        phrases.count <= 1 ? phrases.first ?? "" : phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
    }

    /// The seed of the generated wheat named `name`, nil when it is not one.
    public static func seed(named name: String) -> UInt32? {
        name.hasPrefix("perturbed-") ? UInt32(name.dropFirst("perturbed-".count)).flatMap { seeds.contains($0) ? $0 : nil } : nil
    }

    /// What `seed` does to `exercise`'s points, completing "your tests fail when …".
    public static func words(_ exercise: Catalog.Exercise, seed: UInt32, points: [PerturbationPoint]) -> String {
        let phrases = numbered(points, module: exercise.module).filter { exercise.perturbs.contains($0.point.name) }.map { number, point in
            point.words(delay(seed: seed, point: number, range: point.range))
        }
        return joined(phrases)
    }

    /// The seeds a grade of `exercise` runs, drawn at random from `generator`: the margin seed,
    /// which delays every point to a quarter again its HIGH (`margin`: a correct wait has room to spare;
    /// when it fails, the grader runs the same seed inside the contract too); with one point whose
    /// shipped delay is above its LOW, one at LOW (a suite that assumes the code is at least as
    /// slow as it ships); and, when it has two points or more, one for each point that delays it
    /// alone to its HIGH and every other to its LOW, so that each hand-off comes both last and first
    /// (at most `most` seeds in all).
    public static func draw<G: RandomNumberGenerator>(for exercise: Catalog.Exercise, points: [PerturbationPoint],
                                                      most: Int = 4, using generator: inout G) -> [UInt32] {
        let reached = numbered(points, module: exercise.module).filter { exercise.perturbs.contains($0.point.name) }
        guard !reached.isEmpty else { return [] }
        var targets: [[Int]] = [reached.map(\.point.range.upperBound)]
        if reached.count == 1, reached[0].point.shipped > reached[0].point.range.lowerBound {
            targets.append([reached[0].point.range.lowerBound])
        }
        if reached.count > 1 {
            for late in reached.indices.shuffled(using: &generator).prefix(most - 1) {
                targets.append(reached.indices.map { $0 == late ? reached[$0].point.range.upperBound : reached[$0].point.range.lowerBound })
            }
        }
        return targets.enumerated().compactMap { index, target in
            // Each point's delay is HIGH for half the seeds and LOW for a quarter: a few thousand
            // tries find any target of up to five points.
            for _ in 0..<200_000 {
                let seed = UInt32.random(in: 1...(marginBit - 1), using: &generator)
                if reached.indices.allSatisfy({ delay(seed: seed, point: reached[$0].number, range: reached[$0].point.range) == target[$0] }) {
                    // The first, every point at HIGH, is drawn as the margin seed.
                    return index == 0 ? seed | marginBit : seed
                }
            }
            return nil
        }
    }
}
