// Helpers the package's test targets share. Not a product: users get `SimulationTesting`.

import Foundation
import SimUIKit

/// A controller titled `title`, whose id in snapshots (its `restorationIdentifier`) is the title in lower
/// case.
@MainActor
package func makeScreen(_ title: String) -> UIViewController {
    titled(title, id: title.lowercased())
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
