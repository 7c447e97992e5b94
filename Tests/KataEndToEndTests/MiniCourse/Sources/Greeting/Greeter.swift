import Foundation

/// Greets someone later, on the main queue: the kind of callback API a test must wait for.
public final class Greeter {
    private let queue = DispatchQueue(label: "Greeter")

    public init() {}

    /// Calls `completion` once, on the main queue, with "Hello, <name>!".
    public func greet(_ name: String, completion: @escaping (String) -> Void) {
        queue.async {
            DispatchQueue.main.async {
                completion("Hello, \(name)!")
            }
        }
    }
}
