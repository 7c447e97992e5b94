import Foundation

/// Room codes and attendee secrets. Codes skip letters that read alike on a projector (O/0, I/1).
public enum RoomCode {
    static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let tokenAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    public static func newRoomCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in codeAlphabet.randomElement(using: &generator)! })
    }

    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in tokenAlphabet.randomElement(using: &generator)! })
    }

    public static func newAttendeeID() -> String {
        "a-" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    }
}
