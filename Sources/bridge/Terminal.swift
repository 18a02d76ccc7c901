import Foundation

/// ANSI colour for a terminal: on when standard output is a terminal, `NO_COLOR` is not set and `TERM` is
/// not `dumb`.
struct Terminal {
    enum Colour: String {
        case boldCyan = "1;36"
        case yellow = "33"
        case green = "32"
        case red = "31"
        case dim = "2"
    }

    let colour: Bool

    /// Whether this process should colour its standard output.
    static var wantsColour: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"].map(\.isEmpty) ?? true)
            && environment["TERM"] != "dumb"
    }

    func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}
