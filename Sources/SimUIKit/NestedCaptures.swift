/// The open captures of one kind of report (warnings, exceptions, diagnostics), innermost last: what
/// `capture { … }` returns instead of the console alone. Captures nest.
@MainActor
package struct NestedCaptures<Report> {
    private var open: [[Report]] = []

    package init() {}

    /// Whether a capture is open.
    package var isCapturing: Bool { !open.isEmpty }

    /// Records `report` in every open capture.
    package mutating func recordInAll(_ report: Report) {
        for index in open.indices { open[index].append(report) }
    }

    /// Records `report` in the innermost open capture only.
    package mutating func recordInInnermost(_ report: Report) {
        guard !open.isEmpty else { return }
        open[open.count - 1].append(report)
    }

    /// Opens a capture for the duration of one `capture { … }` call.
    package mutating func begin() { open.append([]) }

    /// Closes the innermost capture and returns what it recorded.
    package mutating func end() -> [Report] { open.removeLast() }
}
