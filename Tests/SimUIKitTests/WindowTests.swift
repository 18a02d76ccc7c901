import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Windows", .cleanSimulatedWorld)
struct WindowTests {
    let loop = SimRunLoop.main

    @Test("S9: replacing a window's root releases the old hierarchy, including what it presented")
    func replacingRootReleasesHierarchy() {
        var watched = LiveObjects()
        let window = UIWindow()
        do {
            let home = Screen("Home")
            let navigation = UINavigationController(rootViewController: home)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let detail = Screen("Detail")
            navigation.pushViewController(detail, animated: false)
            SimRunLoop.main.runUntilIdle()
            let sheet = Screen("Sheet")
            detail.present(sheet, animated: false)
            SimRunLoop.main.runUntilIdle()
            let nested = Screen("Nested")
            sheet.present(nested, animated: false)
            SimRunLoop.main.runUntilIdle()
            watched.watch(home, navigation, detail, sheet, nested)
        }
        #expect(watched.count == 5)
        window.rootViewController = Screen("Other")
        #expect(watched.count == 0)
    }

    @Test("S9: makeKeyAndVisible shows the root, which appears")
    func makeKeyAndVisible() {
        let journal = Journal()
        let window = UIWindow()
        window.rootViewController = Screen("Root", journal: journal)
        #expect(window.isHidden)
        #expect(journal.entries.isEmpty)
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow)
        #expect(!window.isHidden)
        #expect(
            journal.take() == ["Root.viewDidLoad", "Root.viewWillAppear", "Root.viewIsAppearing", "Root.viewDidAppear"])
    }

    @Test("S9: an animated root change is recorded on the window and takes virtual time")
    func animatedRootChange() {
        let window = makeVisibleWindow(root: Screen("Old"))
        let newRoot = Screen("New")
        var finished = false
        UIView.transition(
            with: window, duration: 0.3, options: .transitionCrossDissolve,
            animations: {
                window.rootViewController = newRoot
            }, completion: { _ in finished = true })
        #expect(window.rootViewController === newRoot)
        #expect(window.runningTransition?.options == .transitionCrossDissolve)
        #expect(window.runningTransition?.duration == 0.3)
        loop.advance(by: 0.29)
        #expect(!finished)
        loop.advance(by: 0.01)
        #expect(finished)
        #expect(window.runningTransition == nil)
        #expect(window.lastTransition?.options == .transitionCrossDissolve)
    }

    @Test("S9: root changes can be observed")
    func rootObservation() {
        let window = UIWindow()
        var seen: [String?] = []
        let observation = window.observeRootViewController { seen.append($0.current?.title) }
        window.rootViewController = Screen("A")
        window.rootViewController = nil
        #expect(seen == ["A", nil])
        _ = observation
    }
}
