/// The open captures of one kind of report (warnings, exceptions, diagnostics), innermost last: what
/// `capture { … }` returns instead of the console alone. Captures nest.
@MainActor
package final class NestedCaptures<Report> {
    private var open: [[Report]] = []

    package init() {}

    /// Whether a capture is open.
    package var isCapturing: Bool { !open.isEmpty }

    /// Records `report` in every open capture.
    package func recordInAll(_ report: Report) {
        for index in open.indices { open[index].append(report) }
    }

    /// Records `report` in the innermost open capture only.
    package func recordInInnermost(_ report: Report) {
        guard !open.isEmpty else { return }
        open[open.count - 1].append(report)
    }

    /// Runs `body` inside a new capture and returns what it recorded.
    package func collect(_ body: () throws -> Void) rethrows -> [Report] {
        open.append([])
        defer { open.removeLast() }
        try body()
        return open[open.count - 1]
    }

    /// Awaits `body` inside a new capture and returns what it recorded, also from other main-actor work
    /// that ran while it was suspended.
    package func collect(_ body: () async throws -> Void) async rethrows -> [Report] {
        open.append([])
        defer { open.removeLast() }
        try await body()
        return open[open.count - 1]
    }
}
