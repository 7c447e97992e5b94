import Foundation
import KataBuildReplay
import KataGradingCore

/// The build replay's compiler and linker jobs run as every child of the grader does: supervised,
/// bounded in time, with a temporary folder of their own or SwiftPM's.
extension ProcessRunner: CommandRunner {
    public func output(of command: [String], environment: [String: String], timeout: Double, log: URL,
                       sharingSwiftPMTemporary: Bool) -> String? {
        guard let result = try? run(command[0], Array(command.dropFirst()), environment: environment, timeout: timeout,
                                    log: log, temporaryName: sharingSwiftPMTemporary ? Self.swiftPMTemporary : nil),
              result.termination == .exited(0) else { return nil }
        return result.output
    }
}
