/// Text a test or its build wrote (a failure's message, a test's name, a compiler error), made safe
/// to print on the attendee's terminal: every control character but a newline or a tab becomes
/// U+FFFD. A test's message could otherwise hold escape sequences that move the cursor and erase
/// or repaint the grader's lines (a "failing" verdict painted over as done), or a carriage return
/// that writes over the start of its own line.
public enum TerminalText {
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    /// C0 (but newline and tab), DEL and C1: ESC and CSI start a terminal's escape sequences.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }
}
