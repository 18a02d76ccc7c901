// Helpers the package's test targets share. Not a product: users get `SimulationTesting`.

import Foundation
import SimUIKit

/// Whether the tests run in a debug (`-Onone`) build, as `swift test` builds them: a failed precondition prints
/// its message and the engine's own checks (`INSECURITY_CHECKS`) are compiled in. An optimized build (the long
/// random runs use one) stops on a failed precondition without a message and checks nothing inside operations.
package let isDebugBuild: Bool = {
    #if DEBUG
        true
    #else
        false
    #endif
}()

/// A controller titled `title`, whose id in snapshots (its `restorationIdentifier`) is the title in lower
/// case.
@MainActor
package func makeScreen(_ title: String) -> UIViewController {
    titled(title, id: title.lowercased())
}

/// The top of the presentation chain above `controller`: nil when it presents nothing.
@MainActor
package func topPresented(above controller: UIViewController?) -> UIViewController? {
    var top = controller?.presentedViewController
    while let above = top?.presentedViewController { top = above }
    return top
}

/// A controller titled `title`, with `id` as its `restorationIdentifier` (none by default: snapshots name
/// it `vc<N>`).
@MainActor
package func titled(_ title: String, id: String? = nil) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    controller.restorationIdentifier = id
    return controller
}

/// Weak references to objects a flow made, to check that it leaves nothing alive.
@MainActor
package struct LiveObjects {
    private var references: [() -> AnyObject?] = []

    package init() {}

    package mutating func watch(_ objects: AnyObject?...) {
        for object in objects {
            references.append { [weak object] in object }
        }
    }

    /// How many of the watched objects are still alive.
    package var count: Int { references.filter { $0() != nil }.count }

    /// The watched objects still alive.
    package var objects: [AnyObject] { references.compactMap { $0() } }
}

/// Runs a program and returns its exit status, standard output and standard error.
package func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String, error: String
) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outputData, as: UTF8.self),
        String(decoding: errorData, as: UTF8.self)
    )
}

/// A new temporary file holding `text`.
package func temporaryFile(_ text: String, name: String = "snapshot.xml") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}

/// Counts each coordinator's reads of `viewController` (E1: the engine reads it exactly once). A harness's
/// coordinators call ``record(_:_:)`` from their getter; ``repeated`` names those read more than once.
@MainActor
package final class ControllerReads {
    private struct Entry {
        weak var coordinator: AnyObject?
        var reads: Int
    }

    /// By identity; an entry whose coordinator was released is replaced when the identity is reused.
    private var counts: [ObjectIdentifier: Entry] = [:]
    private var repeatedReads: [String] = []

    package init() {}

    /// One read of `name`'s `viewController` by `coordinator`.
    package func record(_ coordinator: AnyObject, _ name: String) {
        let id = ObjectIdentifier(coordinator)
        guard var entry = counts[id], entry.coordinator === coordinator else {
            counts[id] = Entry(coordinator: coordinator, reads: 1)
            return
        }
        entry.reads += 1
        counts[id] = entry
        repeatedReads.append("E1: \(name)'s viewController was read \(entry.reads) times")
    }

    /// "E1: <name>'s viewController was read <n> times" for each read after a coordinator's first.
    package var repeated: [String] { repeatedReads }
}

/// Valid-looking variants of a snapshot, for X3's mutation round trip: elements swapped with a sibling,
/// dropped, duplicated or moved under another parent of the same kind, references pointed at other ids, and
/// attribute values changed to another value the document uses for that attribute (or the other boolean).
/// The snapshot writer puts one element per line, so the mutations work on lines; most variants are
/// invalid, and the caller keeps those that validate and import.
package enum SnapshotMutations {
    /// `count` variants of `xml`, the same ones for the same `seed`.
    package static func variants(of xml: String, count: Int, seed: Int) -> [String] {
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let leaves = lines.indices.filter { lines[$0].hasSuffix("/>") && indent(lines[$0]) > 0 }
        let ids = lines.flatMap { values(of: "id", in: $0) }
        let elements = lines.indices.filter { indent(lines[$0]) > 0 && lines[$0].contains("=\"") }
        guard !leaves.isEmpty else { return [] }
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in
            var mutated = lines
            let line = leaves[random(leaves.count)]
            switch random(6) {
            case 0:
                let siblings = leaves.filter { indent(lines[$0]) == indent(lines[line]) && $0 != line }
                if let other = siblings.isEmpty ? nil : siblings[random(siblings.count)] {
                    mutated.swapAt(line, other)
                }
            case 1: mutated.remove(at: line)
            case 2: mutated.insert(lines[line], at: line + 1)
            case 3:
                let parents = lines.indices.filter {
                    indent(lines[$0]) == indent(lines[line]) - 2 && !lines[$0].hasSuffix("/>")
                        && !lines[$0].hasPrefix("\(String(repeating: " ", count: indent(lines[$0])))</")
                }
                if !parents.isEmpty {
                    let parent = parents[random(parents.count)]
                    mutated.remove(at: line)
                    mutated.insert(lines[line], at: parent < line ? parent + 1 : parent)
                }
            case 4:
                let element = elements[random(elements.count)]
                let attributes = attributes(in: lines[element])
                guard !attributes.isEmpty else { break }
                let (name, value) = attributes[random(attributes.count)]
                var others = Set(lines.flatMap { values(of: name, in: $0) })
                if value == "true" || value == "false" { others.formUnion(["true", "false"]) }
                others.remove(value)
                guard !others.isEmpty else { break }
                let other = others.sorted()[random(others.count)]
                mutated[element] = lines[element].replacingOccurrences(
                    of: " \(name)=\"\(value)\"", with: " \(name)=\"\(other)\"")
            default:
                let references = ["ref", "controller", "on", "root", "owns", "parent", "presenter"]
                    .flatMap { name in values(of: name, in: lines[line]).map { (name, $0) } }
                if !references.isEmpty, !ids.isEmpty {
                    let (name, value) = references[random(references.count)]
                    mutated[line] = lines[line].replacingOccurrences(
                        of: "\(name)=\"\(value)\"", with: "\(name)=\"\(ids[random(ids.count)])\"")
                }
            }
            return mutated.joined(separator: "\n")
        }
    }

    private static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// Every `name="value"` pair in `line`, in order.
    private static func attributes(in line: String) -> [(String, String)] {
        line.components(separatedBy: "=\"").dropLast().enumerated().compactMap { index, before in
            guard let name = before.split(separator: " ").last else { return nil }
            let after = line.components(separatedBy: "=\"")[index + 1]
            return after.split(separator: "\"", omittingEmptySubsequences: false).first.map {
                (String(name), String($0))
            }
        }
    }

    /// The values of attribute `name` in `line`.
    private static func values(of name: String, in line: String) -> [String] {
        line.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            .map(String.init)
    }
}

/// Pages in a fixed order, as a page coordinator's data source keeps them: the page before or after one is
/// its neighbour in `pages`, none past either end.
@MainActor
package final class PageList: UIPageViewControllerDataSource {
    package var pages: [UIViewController]

    package init(_ pages: [UIViewController]) { self.pages = pages }

    package func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController? {
        pages.firstIndex { $0 === viewController }.flatMap { $0 > 0 ? pages[$0 - 1] : nil }
    }

    package func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController? {
        pages.firstIndex { $0 === viewController }.flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
    }
}
