import ArgumentParser
import Foundation
import MessageRewrite

/// Rewrites an app's `@objc` responder messages into the ResponderCoordinator adapter's typed messages.
@main
struct RewriteMessages: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rewrite-messages",
        abstract: "Rewrites @objc responder messages into typed coordinating messages and handlers.",
        discussion: """
            Give every file that declares messages (an `extension UIResponder` of `@objc` methods that \
            forward to `coordinatingResponder`) or overrides them in coordinators: they are rewritten \
            together. Call sites stay as they are.

            Exit codes: 0 success; 2 a file that cannot be read or written.
            """
    )

    @Argument(help: "The Swift files to rewrite.")
    var files: [String]

    @Option(name: .shortAndLong, help: "Write the rewritten files into this directory instead of in place.")
    var output: String?

    mutating func run() throws {
        var sources: [MessageRewrite.File] = []
        for path in files {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                FileHandle.standardError.write(Data("rewrite-messages: cannot read \(path) as UTF-8 text\n".utf8))
                throw ExitCode(2)
            }
            sources.append(MessageRewrite.File(name: path, text: text))
        }
        for file in MessageRewrite.rewrite(sources) {
            let destination =
                output.map {
                    URL(fileURLWithPath: $0).appendingPathComponent(URL(fileURLWithPath: file.name).lastPathComponent)
                        .path
                }
                ?? file.name
            do {
                try file.text.write(toFile: destination, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(
                    Data("rewrite-messages: cannot write \(destination): \(error.localizedDescription)\n".utf8))
                throw ExitCode(2)
            }
        }
    }
}
