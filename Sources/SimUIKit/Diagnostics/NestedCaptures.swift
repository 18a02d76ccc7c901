/// The open captures of one kind of report (warnings, exceptions, diagnostics), innermost last: what
/// `capture { … }` returns instead of the console alone. Captures nest.
///
/// A test helper opens a boundary around a whole test (``beginBoundary()``): the reports no capture of
/// the test's own receives end there, so that the helper fails the test with them instead of the program
/// logging or stopping.
@MainActor
package final class NestedCaptures<Report> {
    private var open: [(reports: [Report], isBoundary: Bool)] = []

    package init() {}

    /// Whether a capture (or a test's boundary) is open.
    package var isCapturing: Bool { !open.isEmpty }

    /// Records `report` in every capture open inside the innermost boundary; in the boundary itself only
    /// when no capture is open inside it.
    package func recordInAll(_ report: Report) {
        for index in open.indices.reversed() {
            if open[index].isBoundary {
                if index == open.count - 1 { open[index].reports.append(report) }
                return
            }
            open[index].reports.append(report)
        }
    }

    /// Records `report` in the innermost open capture only.
    package func recordInInnermost(_ report: Report) {
        guard !open.isEmpty else { return }
        open[open.count - 1].reports.append(report)
    }

    /// Runs `body` inside a new capture and returns what it recorded.
    package func collect(_ body: () throws -> Void) rethrows -> [Report] {
        open.append(([], false))
        defer { open.removeLast() }
        try body()
        return open[open.count - 1].reports
    }

    /// Awaits `body` inside a new capture and returns what it recorded, also from other main-actor work
    /// that ran while it was suspended.
    package func collect(_ body: () async throws -> Void) async rethrows -> [Report] {
        open.append(([], false))
        defer { open.removeLast() }
        try await body()
        return open[open.count - 1].reports
    }

    /// Opens a test's boundary, outside every capture the test opens.
    package func beginBoundary() {
        open.insert(([], true), at: 0)
    }

    /// Closes the outermost boundary and returns what reached it (nothing when none is open).
    package func endBoundary() -> [Report] {
        guard let first = open.first, first.isBoundary else { return [] }
        open.removeFirst()
        return first.reports
    }
}
