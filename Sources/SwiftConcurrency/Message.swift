/// One chat message, as the Blabber server reads and writes it: `{"user": …, "message": …}`.
public struct Message: Codable, Equatable, Sendable {
    public var user: String
    public var message: String

    public init(user: String, message: String) {
        self.user = user
        self.message = message
    }
}
