import BridgeSnapshot
import CoordinatorBridge

/// The generated tree of the issue: one window, one navigation controller holding `n` controllers, and a
/// navigation host with `n - 1` pushed frames (one per controller above the root).
func navigationTree(controllers n: Int) -> BridgedTree {
    var controllers = [
        BridgedController(
            id: "nav", type: "UINavigationController", title: nil, children: (0..<n).map { "c\($0)" },
            container: .navigation)
    ]
    for index in 0..<n {
        controllers.append(
            BridgedController(id: "c\(index)", type: "UIViewController", title: "Screen \(index)", children: []))
    }
    let frames = (1..<max(n, 1)).map {
        BridgedFrame(kind: .push, state: .shown, coordinatorType: "Step", controllerID: "c\($0)")
    }
    return BridgedTree(
        windows: [BridgedWindow(id: "window1", isKey: true, isVisible: true, rootID: "nav", presented: [])],
        controllers: controllers,
        hosts: [BridgedHost(id: "host1", base: .navigation(controllerID: "nav"), frames: frames)]
    )
}
