// Prints one table of every performance figure of issue 10 with its anchor measured in the same run,
// the ratio and the goal: engine costs across depths, the engine's overhead over bare SimUIKit calls,
// and snapshot export, parse and import against bare libxml2 loops. Run: scripts/benchmarks
import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import ResponderCoordinator
import SimUIKit

@MainActor
final class Sheet: ModalCoordinator<Int> {
    override var viewController: UIViewController { UIViewController() }
}

@MainActor
final class Screen: Insecurity.NavigationCoordinator<Int> {
    override var viewController: UIViewController { UIViewController() }
}

/// A visible window showing `root`, with a chain of `depth` engine frames: `first` starts the bottom one
/// on a new host, `next` starts one on top of the given coordinator.
@MainActor
func chain<Top>(
    depth: Int, root: UIViewController, first: (UIViewController) -> (InsecurityHost, Top), next: (Top) -> Top
) -> (UIWindow, InsecurityHost, Top) {
    let window = UIWindow()
    window.rootViewController = root
    window.makeKeyAndVisible()
    let (host, bottom) = first(root)
    var top = bottom
    for _ in 1..<depth { top = next(top) }
    SimRunLoop.main.runUntilIdle()
    return (window, host, top)
}

/// A visible window with `depth` sheets presented one above the other by the engine.
@MainActor
func modalChain(depth: Int) -> (UIWindow, InsecurityHost, Sheet) {
    chain(depth: depth, root: UIViewController()) { root in
        let host = InsecurityHost(modal: root)
        let sheet = Sheet()
        host.start(sheet, animated: false) { _ in }
        return (host, sheet)
    } next: { top in
        let sheet = Sheet()
        top.navigation.start(sheet, animated: false) { _ in }
        return sheet
    }
}

/// A visible navigation stack with `depth` pushed engine frames.
@MainActor
func navigationChain(depth: Int) -> (UIWindow, InsecurityHost, Screen) {
    chain(depth: depth, root: UINavigationController(rootViewController: UIViewController())) { root in
        let host = InsecurityHost(navigation: root as! UINavigationController)
        let screen = Screen()
        host.start(screen, animated: false) { _ in }
        return (host, screen)
    } next: { top in
        let screen = Screen()
        top.navigation.start(screen, animated: false) { _ in }
        return screen
    }
}

/// A visible stack of `depth` controllers shown by one legacy coordinator.
@MainActor
func legacyStack(depth: Int) -> (UIWindow, ResponderCoordinator.NavigationCoordinator) {
    let window = UIWindow()
    let navigation = UINavigationController()
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    let coordinator = ResponderCoordinator.NavigationCoordinator(rootViewController: navigation)
    coordinator.start()
    coordinator.root(UIViewController())
    for _ in 1..<depth {
        coordinator.show(UIViewController())
        SimRunLoop.main.runUntilIdle()
    }
    return (window, coordinator)
}

/// The time per operation of each of `bodies`, repeated `runs` times per round: the median of 25 rounds, the
/// bodies measured in turn within each round.
@MainActor
func perOperation(_ runs: Int, _ bodies: [() -> Void]) -> [Double] {
    interleavedMedians(runs: 25, bodies.map { body in Timed { for _ in 0..<runs { body() } } }).map {
        $0 / Double(runs)
    }
}

@MainActor
func engineRows() -> [Row] {
    modalRows() + pushRows() + legacyRows()
}

/// The engine and adapter rows' operations: a sheet started and finished on a modal chain, a screen pushed and
/// finished on a stack of engine frames, a legacy coordinator's show and pop on its own stack.
enum EngineOperation: String, CaseIterable {
    case modal, push, legacy
}

/// A visible chain of some depth in its own window, with the operation measured on it (one start and finish,
/// or show and pop, settled).
@MainActor
struct Chain {
    let window: UIWindow
    let operation: () -> Void
    /// Takes the chain down.
    let tearDown: () -> Void

    init(_ kind: EngineOperation, depth: Int) {
        let loop = SimRunLoop.main
        /// `start` followed by a settled run loop; tearing down releases the window's controllers, then the host.
        func engine<Top>(_ built: (UIWindow, InsecurityHost, Top), start: @escaping (Top) -> Void) -> Chain {
            let (window, host, top) = built
            return Chain(
                window: window,
                operation: {
                    start(top)
                    loop.runUntilIdle()
                },
                tearDown: {
                    withExtendedLifetime(host) {
                        window.rootViewController = nil
                        loop.runUntilIdle()
                    }
                })
        }
        switch kind {
        case .modal:
            self = engine(modalChain(depth: depth)) { top in
                let child = Sheet()
                top.navigation.start(child, animated: false) { _ in }
                child.finish(1)
            }
        case .push:
            self = engine(navigationChain(depth: depth)) { top in
                let child = Screen()
                top.navigation.start(child, animated: false) { _ in }
                child.finish(1)
            }
        case .legacy:
            let (window, coordinator) = legacyStack(depth: depth)
            self.init(
                window: window,
                operation: {
                    coordinator.show(UIViewController())
                    coordinator.pop(animated: false)
                    loop.runUntilIdle()
                },
                tearDown: {
                    coordinator.stop()
                    window.rootViewController = nil
                    loop.runUntilIdle()
                })
        }
    }

    private init(window: UIWindow, operation: @escaping () -> Void, tearDown: @escaping () -> Void) {
        self.window = window
        self.operation = operation
        self.tearDown = tearDown
    }
}

/// The operation's time per call on a 10-deep and a 10,000-deep chain, both built first and measured in turn,
/// with `extra` (given the shallow chain) measured in the same rounds.
@MainActor
func depthTimes(_ kind: EngineOperation, runs: Int, extra: ((Chain) -> () -> Void)? = nil) -> [Double] {
    let shallow = Chain(kind, depth: 10)
    let deep = Chain(kind, depth: 10_000)
    let times = perOperation(runs, [shallow.operation, deep.operation] + (extra.map { [$0(shallow)] } ?? []))
    shallow.tearDown()
    deep.tearDown()
    return times
}

/// A sheet started and finished on a modal chain: across depths, and against bare UIKit calls.
@MainActor
func modalRows() -> [Row] {
    let times = depthTimes(.modal, runs: 500) { shallow in
        let loop = SimRunLoop.main
        let controller = shallow.window.rootViewController!.presentedViewControllerChainTop
        // A non-animated presentation ends on the run loop's next turn (S18): UIKit refuses a dismissal before
        // then, so the bare calls let it end first, as the engine's queue does.
        return {
            controller.present(UIViewController(), animated: false)
            loop.runUntilIdle()
            controller.dismiss(animated: false)
            loop.runUntilIdle()
        }
    }
    return [
        Row(
            group: "engine", name: "sheet start + finish, 10,000-deep modal chain", value: times[1],
            anchorName: "same at depth 10", anchor: times[0], goal: 1.3, unit: .seconds),
        Row(
            group: "engine", name: "sheet start + finish, depth 10", value: times[0],
            anchorName: "bare present + dismiss", anchor: times[2], goal: 1.5, unit: .seconds),
    ]
}

/// A screen pushed and finished on a stack of engine frames, across depths.
@MainActor
func pushRows() -> [Row] {
    let times = depthTimes(.push, runs: 500)
    return [
        Row(
            group: "engine", name: "push start + finish, 10,000-deep stack", value: times[1],
            anchorName: "same at depth 10", anchor: times[0], goal: 1.3, unit: .seconds)
    ]
}

/// A legacy coordinator's show and pop on its own stack, across depths.
@MainActor
func legacyRows() -> [Row] {
    let times = depthTimes(.legacy, runs: 200)
    return [
        Row(
            group: "adapter", name: "legacy show + pop, 10,000-deep stack", value: times[1],
            anchorName: "same at depth 10", anchor: times[0], goal: 1.3, unit: .seconds)
    ]
}

/// The engine and adapter rows' operations, repeated a fixed number of times without timing, for
/// `valgrind --tool=callgrind`: instruction counts compare two builds where wall time cannot. Depth 1,000 rather
/// than 10,000 keeps the chains' set-up small enough to run under the instrumentation.
@MainActor
func engineOperations(_ operations: [EngineOperation]) {
    for operation in operations {
        for depth in [10, 1_000] {
            let chain = Chain(operation, depth: depth)
            for _ in 0..<2_000 { chain.operation() }
            chain.tearDown()
        }
    }
}

extension UIViewController {
    /// The top of the presentation chain above this controller.
    var presentedViewControllerChainTop: UIViewController {
        var top = self
        while let next = top.presentedViewController { top = next }
        return top
    }
}

/// Importing `xml` live, each import's windows released before the next (and by `release`, after the last).
@MainActor
func liveImport(_ xml: String, registry: BridgeRegistry) -> (timed: Timed, release: () -> Void) {
    var live: BridgeRebuilder.Live?
    func release() {
        for window in live?.windows ?? [] { window.rootViewController = nil }
        live = nil
        SimRunLoop.main.runUntilIdle()
    }
    return (
        Timed(setUp: release) {
            live = try! BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
        }, release
    )
}

/// Exporting the windows of one live import of `xml`: what users call on their app's window. `release` takes
/// the imported windows down.
@MainActor
func liveExport(_ xml: String, registry: BridgeRegistry) -> (timed: Timed, release: () -> Void) {
    let live = try! BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
    return (
        Timed { _ = BridgeSnapshot.export(live.windows, registry: registry) },
        {
            for window in live.windows { window.rootViewController = nil }
            SimRunLoop.main.runUntilIdle()
        }
    )
}

/// The rows measured on a snapshot file: parsing against xmllint, and the import's peak memory.
@MainActor
func fileRows(_ bytes: [UInt8], label: String, parseTime: Double) -> [Row] {
    var rows: [Row] = []
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-benchmarks")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("n50000.xml")
    try? Data(bytes).write(to: file)
    if let xmllint = xmllintStreamTime(schema: SnapshotSchema.url, file: file) {
        rows.append(
            Row(
                group: "snapshot \(label)", name: "parse (in process)", value: parseTime,
                anchorName: "xmllint --stream --schema (process)", anchor: xmllint, goal: nil, unit: .seconds))
    }
    if let peak = childImportPeakMemory(file) {
        rows.append(
            Row(
                group: "snapshot \(label)", name: "import peak memory above baseline", value: peak,
                anchorName: "file size", anchor: Double(bytes.count), goal: 3, unit: .bytes))
    }
    return rows
}

@MainActor
func snapshotRows() -> [Row] {
    var rows: [Row] = []
    let registry = BridgeRegistry()
    var perNode: [String: [Int: Double]] = [:]
    for n in [5, 1_000, 10_000, 50_000] {
        let tree = navigationTree(controllers: n)
        let xml = BridgeSnapshot.xml(of: tree)
        let bytes = Array(xml.utf8)
        let runs = n >= 10_000 ? 15 : n >= 1_000 ? 21 : 201
        let label = n.formatted()
        let reading = [Timed { _ = bareRead(bytes) }, Timed { _ = try! BridgeSnapshot.parse(bytes) }]
        if n == 5 {
            let times = interleavedMedians(runs: runs, reading)
            rows.append(
                Row(
                    group: "snapshot", name: "parse, 5 controllers (fixed costs)", value: times[1],
                    anchorName: "bare xmlTextReader", anchor: times[0], goal: 2, unit: .seconds))
            continue
        }
        // Every figure of this size and its anchors, measured in turn in each round.
        let imports = liveImport(xml, registry: registry)
        let exports = liveExport(xml, registry: registry)
        let times = interleavedMedians(
            runs: runs,
            reading + [
                Timed { _ = bareWrite(tree) }, Timed { _ = BridgeSnapshot.xml(of: tree) }, imports.timed,
                exports.timed, Timed { _ = foundationParse(Data(bytes)) }, Timed { _ = bareValidatingRead(bytes) },
                Timed { _ = bareSAXRead(bytes) },
            ])
        imports.release()
        exports.release()
        let (bareReadTime, parseTime, bareWriteTime, exportTime) = (times[0], times[1], times[2], times[3])
        let (importTime, liveExportTime, foundationTime, validatingTime) = (times[4], times[5], times[6], times[7])
        let saxTime = times[8]
        rows.append(
            Row(
                group: "snapshot \(label)", name: "export (\(format(Double(bytes.count), .bytes)))", value: exportTime,
                anchorName: "bare xmlTextWriter", anchor: bareWriteTime, goal: 1.3, unit: .seconds))
        rows.append(
            Row(
                group: "snapshot \(label)", name: "live export (BridgeSnapshot.export of the window)",
                value: liveExportTime, anchorName: "bare xmlTextWriter", anchor: bareWriteTime, goal: 1.3,
                unit: .seconds))
        rows.append(
            Row(
                group: "snapshot \(label)", name: "parse, schema validation and checks", value: parseTime,
                anchorName: "bare xmlTextReader", anchor: bareReadTime, goal: 1.5, unit: .seconds))
        rows.append(
            Row(
                group: "snapshot \(label)", name: "live import", value: importTime, anchorName: "bare xmlTextReader",
                anchor: bareReadTime, goal: 3, unit: .seconds))
        rows.append(
            Row(
                group: "snapshot \(label)", name: "FoundationXML XMLParser, plain tree", value: foundationTime,
                anchorName: "bare xmlTextReader", anchor: bareReadTime, goal: nil, unit: .seconds))
        rows.append(
            Row(
                group: "snapshot \(label)", name: "bare xmlTextReader validating against the schema",
                value: validatingTime, anchorName: "bare xmlTextReader", anchor: bareReadTime, goal: nil, unit: .seconds
            ))
        rows.append(
            Row(
                group: "snapshot \(label)", name: "bare SAX2 parser pass, 64 KB chunks (what parse reads with)",
                value: saxTime, anchorName: "bare xmlTextReader", anchor: bareReadTime, goal: nil, unit: .seconds))
        for (kind, time) in [
            ("export", exportTime), ("parse", parseTime), ("import", importTime), ("bare", bareReadTime),
        ] {
            perNode[kind, default: [:]][n] = time / Double(n)
        }
        if n == 50_000 { rows += fileRows(bytes, label: label, parseTime: parseTime) }
    }
    for kind in ["export", "parse", "import"] {
        let costs = perNode[kind]!
        rows.append(
            Row(
                group: "growth", name: "\(kind): cost per controller at n = 50,000", value: costs[50_000]!,
                anchorName: "at n = 1,000", anchor: costs[1_000]!, goal: 1.15, unit: .seconds))
    }
    // The machine's own growth over the same sizes (caches, memory): the bare reader's, in the same rounds.
    let bare = perNode["bare"]!
    rows.append(
        Row(
            group: "growth", name: "bare xmlTextReader: cost per controller at n = 50,000", value: bare[50_000]!,
            anchorName: "at n = 1,000", anchor: bare[1_000]!, goal: nil, unit: .seconds))
    return rows
}

/// `BridgeBenchmarks` runs everything; `BridgeBenchmarks engine`, `snapshot` or `many` one part;
/// `BridgeBenchmarks --profile parse|bare-read|bare-sax|parse-small|bare-read-small|import|import-small|export|export-small|bare-write|bare-write-small|sheet|bare-sheet [N]` repeats one
/// operation for a profiler (N times, where given);
/// `BridgeBenchmarks --import-memory FILE` is the child process that measures the peak memory of one import.
MainActor.assumeIsolated {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "--import-memory", let path = arguments.dropFirst().first {
        print(importPeakMemory(path))
        return
    }
    if arguments.first == "--profile", let what = arguments.dropFirst().first {
        // For `perf record`: repeats one operation on the 50,000-controller snapshot.
        if what == "sheet" {
            // `--profile sheet N` repeats it N times (callgrind runs far fewer than perf).
            let count = arguments.dropFirst(2).first.flatMap(Int.init) ?? 300_000
            let (window, host, top) = modalChain(depth: 10)
            withExtendedLifetime(host) {
                for _ in 0..<count {
                    let child = Sheet()
                    top.navigation.start(child, animated: false) { _ in }
                    child.finish(1)
                    SimRunLoop.main.runUntilIdle()
                }
            }
            window.rootViewController = nil
            return
        }
        if what == "bare-sheet" {
            // The anchor of `sheet`: the same present and dismiss with bare SimUIKit calls.
            let count = arguments.dropFirst(2).first.flatMap(Int.init) ?? 300_000
            let (window, host, _) = modalChain(depth: 10)
            let controller = window.rootViewController!.presentedViewControllerChainTop
            withExtendedLifetime(host) {
                for _ in 0..<count {
                    controller.present(UIViewController(), animated: false)
                    SimRunLoop.main.runUntilIdle()
                    controller.dismiss(animated: false)
                    SimRunLoop.main.runUntilIdle()
                }
            }
            window.rootViewController = nil
            return
        }
        if what == "engine-ops" {
            // The operations named after the mode, or all of them.
            let named = arguments.dropFirst(2).compactMap(EngineOperation.init(rawValue:))
            engineOperations(named.isEmpty ? EngineOperation.allCases : named)
            return
        }
        if what == "parse-small" || what == "bare-read-small" {
            // `--profile parse-small N` parses the 5-controller snapshot N times; `bare-read-small N` is its anchor.
            let count = arguments.dropFirst(2).first.flatMap(Int.init) ?? 100_000
            let small = Array(BridgeSnapshot.xml(of: navigationTree(controllers: 5)).utf8)
            for _ in 0..<count {
                if what == "parse-small" { _ = try! BridgeSnapshot.parse(small) } else { _ = bareRead(small) }
            }
            return
        }
        // The small variants repeat the operation on a 1,000-controller snapshot, to compare with the large
        // one where the cost per controller grows.
        let small = what.hasSuffix("-small")
        let xml = BridgeSnapshot.xml(of: navigationTree(controllers: small ? 1_000 : 50_000))
        if what == "bare-read" || what == "bare-sax" {
            // The anchor of `parse`, one bare reader pass over the same bytes, or the bare SAX2 pass, N times.
            let bytes = Array(xml.utf8)
            for _ in 0..<(arguments.dropFirst(2).first.flatMap(Int.init) ?? 10) {
                _ = what == "bare-read" ? bareRead(bytes) : bareSAXRead(bytes)
            }
            return
        }
        if what.hasPrefix("bare-write") {
            let tree = try! BridgeSnapshot.parse(xml)
            for _ in 0..<(arguments.dropFirst(2).first.flatMap(Int.init) ?? 10) { _ = bareWrite(tree) }
            return
        }
        if what.hasPrefix("export") {
            let live = try! BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
            for _ in 0..<(arguments.dropFirst(2).first.flatMap(Int.init) ?? 10) {
                _ = BridgeSnapshot.export(live.windows, registry: BridgeRegistry())
            }
            return
        }
        for _ in 0..<(arguments.dropFirst(2).first.flatMap(Int.init) ?? (small ? 500 : 10)) {
            switch what {
            case "parse": _ = try! BridgeSnapshot.parse(xml)
            default:
                let live = try! BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
                for window in live.windows { window.rootViewController = nil }
                SimRunLoop.main.runUntilIdle()
            }
        }
        return
    }
    let rows =
        (arguments.isEmpty || arguments.contains("engine") ? engineRows() : [])
        + (arguments.isEmpty || arguments.contains("snapshot") ? snapshotRows() : [])
        + (arguments.isEmpty || arguments.contains("many") ? manySnapshotRows() : [])
    printTable(rows)
    let missed = rows.filter { $0.met == false }
    print(
        "\n\(rows.filter { $0.met == true }.count) goals met, \(missed.count) missed\(missed.isEmpty ? "" : ": " + missed.map { "\($0.group): \($0.name)" }.joined(separator: "; "))."
    )
}

/// In a fresh process: how far importing `path` raises the peak resident memory (before it, the process has
/// read the file and nothing else, so its peak is its resident size).
@MainActor
func importPeakMemory(_ path: String) -> Double {
    let xml = try! String(contentsOfFile: path, encoding: .utf8)
    let baseline = Memory.peak
    let live = try! BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
    let peak = Memory.peak
    withExtendedLifetime(live) {}
    return peak - baseline
}

/// Runs this executable with `--import-memory FILE` and reads its answer.
func childImportPeakMemory(_ file: URL) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--import-memory", file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}
