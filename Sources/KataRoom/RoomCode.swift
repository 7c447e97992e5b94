import Foundation

/// Room codes and attendee secrets. Codes skip letters that read alike on a projector (O/0, I/1).
public enum RoomCode {
    static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let tokenAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    public static func newRoomCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in codeAlphabet.randomElement(using: &generator)! })
    }

    /// A code the instructor types (`--room-serve --code K7QF2M`), in capitals; what a join line
    /// can carry (`RoomValidation`): 4 to 32 letters or digits.
    public static func checkChosen(_ typed: String) throws -> String {
        let code = typed.uppercased()
        guard (4...32).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw RoomStoreError("\(typed) is not a room code: a code is the 4 to 32 letters or digits after ?room= in the join line.")
        }
        return code
    }

    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in tokenAlphabet.randomElement(using: &generator)! })
    }

    public static func newAttendeeID() -> String {
        "a-" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    }
}
