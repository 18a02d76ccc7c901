import Foundation

/// One thing to time: `setUp` runs before each call of `body`, unmeasured.
struct Timed {
    var setUp: () -> Void = {}
    let body: () -> Void
}

/// The median wall time of each of `timed`, in seconds, over `runs` rounds. Each round calls every body once,
/// in turn, so that a slow spell of a shared machine falls on a figure and its anchor alike instead of on
/// whichever was being measured then; each round starts with the next body, so that none is always measured
/// first (after the others' work) or last.
func interleavedMedians(runs: Int, _ timed: [Timed]) -> [Double] {
    var times = [[Double]](repeating: [], count: timed.count)
    for round in 0..<runs {
        for offset in timed.indices {
            let index = (round + offset) % timed.count
            let item = timed[index]
            item.setUp()
            let start = ContinuousClock.now
            item.body()
            let elapsed = ContinuousClock.now - start
            times[index].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }
    return times.map { $0.sorted()[$0.count / 2] }
}

/// The median wall time of `runs` calls of `body`, in seconds.
func median(runs: Int, _ body: @escaping () -> Void) -> Double {
    interleavedMedians(runs: runs, [Timed(body: body)])[0]
}

/// One row of the table: a figure, the figure it is compared with, and the goal for their ratio.
struct Row {
    let group: String
    let name: String
    let value: Double
    let anchorName: String
    let anchor: Double
    let goal: Double?
    let unit: Unit

    enum Unit { case seconds, bytes }

    var ratio: Double { value / anchor }
    var met: Bool? { goal.map { ratio <= $0 } }
}

func format(_ value: Double, _ unit: Row.Unit) -> String {
    switch unit {
    case .bytes:
        return String(format: "%.1f MB", value / 1_000_000)
    case .seconds:
        if value < 1e-3 { return String(format: "%.1f µs", value * 1e6) }
        if value < 1 { return String(format: "%.2f ms", value * 1e3) }
        return String(format: "%.2f s", value)
    }
}

/// Prints the rows as a Markdown table.
func printTable(_ rows: [Row]) {
    print("| group | figure | value | anchor | anchor value | ratio | goal | met |")
    print("| --- | --- | ---: | --- | ---: | ---: | ---: | --- |")
    for row in rows {
        let goal =
            row.goal.map { String(format: ($0 * 10).rounded() == $0 * 10 ? "≤ %.1f×" : "≤ %.2f×", $0) }
            ?? "(anchor only)"
        let met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
        print(
            "| \(row.group) | \(row.name) | \(format(row.value, row.unit)) | \(row.anchorName) | \(format(row.anchor, row.unit)) | \(String(format: "%.2f×", row.ratio)) | \(goal) | \(met) |"
        )
    }
}

/// The process's peak resident memory so far: VmHWM from /proc on Linux, `getrusage` elsewhere (whose
/// `ru_maxrss` is in bytes on Apple platforms).
enum Memory {
    static var peak: Double {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
                return kilobytes * 1024
            }
            return 0
        #else
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Double(usage.ru_maxrss)
        #endif
    }
}
