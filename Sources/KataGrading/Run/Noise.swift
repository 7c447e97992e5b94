import Foundation
import KataGradingCore

/// CPU stressors beside a run, as Shaker does (Silva, Teixeira and d'Amorim, ICSME 2020): one
/// busy thread per core competing with the test process, so that a suite whose timing holds only
/// on an idle machine shows it in the grade, not on the CI server a week later.
///
/// Bounded twice: the threads spin only while at least one noisy run is going (`during`), and each
/// stops by itself after `longest` seconds whatever happens, so neither a hung run nor a grade
/// interrupted leaves them spinning. They live in the grader's own process, which ends with it.
/// One per scheduler (`RunScheduler`), so one per grade: its noisy runs share one set of stressors.
final class Noise: Sendable {
    /// The most a stressor spins, in seconds: past any exercise's time limit.
    static let longest: Double = 30

    /// How many noisy runs are going, and the generation of stressors they share.
    private let state = Locked((runs: 0, generation: 0))

    /// Runs `body` with the stressors spinning beside it.
    func during<T>(_ body: () throws -> T) rethrows -> T {
        let generation = state.withLock { state -> Int? in
            state.runs += 1
            guard state.runs == 1 else { return nil }
            state.generation += 1
            return state.generation
        }
        if let generation { start(generation) }
        defer { state.withLock { $0.runs -= 1 } }
        return try body()
    }

    /// Takes the stressor's result, so that the optimiser keeps its work.
    @inline(never) private static func keep(_ value: UInt64) { _ = value }

    private func start(_ generation: Int) {
        let deadline = Date().addingTimeInterval(Self.longest)
        for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount) {
            let thread = Thread { [state] in
                var spin: UInt64 = 0
                // Checked every few hundred microseconds of work: the run that wanted noise is over,
                // or a later noisy run started its own stressors, or the bound has passed.
                while state.withLock({ $0.runs > 0 && $0.generation == generation }), Date() < deadline {
                    for step in 0..<200_000 { spin = spin &* 6364136223846793005 &+ UInt64(step) }
                }
                Self.keep(spin)
            }
            thread.name = "kata-noise"
            thread.start()
        }
    }
}
