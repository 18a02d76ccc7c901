import ArgumentParser

@main
struct Bridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Runs, renders and checks coordinator navigation on a simulated UIKit.",
        subcommands: [Demo.self],
        defaultSubcommand: Demo.self
    )
}

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plays the built-in scene and prints the screen after each step (the default)."
    )

    func run() throws {
        MainActor.assumeIsolated {
            for step in DemoScene.play() {
                print("== \(step.caption)")
                print(step.screen)
                print()
            }
        }
    }
}
