import BridgeSnapshot
import BridgeTools
import CoordinatorBridge
import Foundation
import Insecurity
import ResponderCoordinator
import SimUIKit

/// `bridge` with no arguments: the product's story in six short chapters. A legacy app's coordinator
/// tree, an Insecurity chain embedded mid-app, the bridged tree of both, the XML snapshot, the user
/// swiping and going back, the diff, and the snapshot imported into a fresh window that keeps working.
@MainActor
struct DemoStory {
    private let terminal: Terminal
    private let loop = SimRunLoop.main

    /// Tells the story on standard output, in colour when `colour` is true.
    static func tell(colour: Bool) throws {
        try DemoStory(terminal: Terminal(colour: colour)).tell()
    }

    private func tell() throws {
        let scene = DemoScene(onEvent: { [terminal] text in print("   " + terminal.paint("> " + text, .yellow)) })
        let window = scene.window
        chapter(
            1, "A legacy app",
            "A UIResponder-style coordinator tree: ShopCoordinator shows the catalog, its child\nProductCoordinator pushes a product on the same navigation controller."
        )
        tree([window])

        scene.checkOut()
        chapter(
            2, "An Insecurity chain embedded mid-app",
            "The legacy ProductCoordinator starts an Insecurity checkout; checkout presents payment in a new\nnavigation controller. The host lives exactly as long as the chain."
        )
        tree([window])

        let before = showSnapshot(of: window)
        userSwipesAndGoesBack(in: scene)
        try showDiff(from: before, in: window)
        let same = try reimport(before)
        scene.tearDown()
        guard same else { throw ExitCodeError.failure }
    }

    // MARK: Chapters

    private func showSnapshot(of window: UIWindow) -> String {
        chapter(
            3, "The bridged tree as a snapshot",
            "One XML document holds both frameworks: windows, controllers, hosts with frames, coordinators.\nIt is canonical (same screen, same bytes), so it can be committed and diffed."
        )
        let snapshot = BridgeSnapshot.export([window], registry: standardRegistry())
        let lines = snapshot.split(separator: "\n")
        for line in lines.prefix(12) { print(terminal.paint(String(line), .dim)) }
        print(
            terminal.paint(
                "   … \(lines.count - 12) more lines (\(snapshot.utf8.count) bytes); `bridge snapshot` writes this one whole",
                .dim))
        return snapshot
    }

    private func userSwipesAndGoesBack(in scene: DemoScene) {
        chapter(
            4, "The user swipes and goes back",
            "Nobody calls finish: the engine sees what UIKit did and tells each framework in its own terms.")
        for (id, name) in [("payment", "payment"), ("checkout", "checkout")] {
            guard let sheet = controller(withID: id, in: [scene.window]) else { continue }
            print("   the user swipes the \(name) sheet down")
            sheet.simulateInteractiveDismissal()
            loop.runUntilIdle()
        }
        print("   the user taps Back")
        scene.navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        tree([scene.window])
    }

    private func showDiff(from before: String, in window: UIWindow) throws {
        chapter(
            5, "What changed, as a diff",
            "`bridge diff OLD NEW` prints this and exits 1 when snapshots differ: a navigation regression test.")
        let after = BridgeSnapshot.export([window], registry: standardRegistry())
        for difference in BridgeSnapshot.diff(try BridgeSnapshot.parse(before), try BridgeSnapshot.parse(after)) {
            let colourOfChange: Terminal.Colour =
                switch difference.change {
                case .added: .green
                case .removed: .red
                case .changed: .yellow
                }
            print("   " + terminal.paint(difference.description, colourOfChange))
        }
    }

    /// Imports `snapshot` into a fresh window that keeps working; returns whether it exports the same.
    private func reimport(_ snapshot: String) throws -> Bool {
        chapter(
            6, "The snapshot re-imported",
            "The first snapshot, imported into a fresh window: the same tree, and it keeps working.")
        let live = try BridgeSnapshot.importLive(snapshot, rebuilder: BridgeRebuilder(registry: standardRegistry()))
        let restored = live.windows[0]
        restored.makeKeyAndVisible()
        let same = BridgeSnapshot.export(live.windows, registry: standardRegistry()) == snapshot
        print("   export(import(snapshot)) == snapshot: " + terminal.paint(same ? "yes" : "NO", same ? .green : .red))
        if let payment = controller(withID: "payment", in: [restored]) {
            print("   the user swipes the restored payment sheet down")
            payment.simulateInteractiveDismissal()
        }
        loop.runUntilIdle()
        tree([restored])
        print()
        print(terminal.paint("Next, with `bridge snapshot -o shop.xml`:", .dim))
        for next in [
            "bridge render shop.xml --format dot    draw it (Graphviz)",
            "bridge replay shop.xml journey.txt     play a user's journey, a snapshot per step",
            "bridge migrate shop.xml                plan the move to Insecurity",
            "bridge --help                          every command, with examples",
        ] {
            print(terminal.paint("   \(next)", .dim))
        }
        restored.rootViewController = nil
        return same
    }

    // MARK: Telling it

    private func chapter(_ number: Int, _ title: String, _ explanation: String) {
        SimRunLoop.main.runUntilIdle()
        print()
        print(terminal.paint("\(number). \(title)", .boldCyan))
        print(terminal.paint(explanation, .dim))
    }

    private func tree(_ windows: [UIWindow]) {
        print(BridgeReader(registry: standardRegistry()).read(windows).rendered())
    }
}

/// A failure that ends the demo with exit code 1.
enum ExitCodeError: Error {
    case failure
}
