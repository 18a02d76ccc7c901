import Benchmark
import Insecurity
import SimUIKit

// E16: finding and ending a frame costs the same at depth 10 as at depth 10,000, and tearing down
// N frames costs O(N). Compare the "end the top frame" rows across depths, and the per-frame cost of
// the "tear down" rows. Each iteration builds its chain outside the measured block, so the iteration
// counts are fixed rather than searched for.

@MainActor
final class Screen: NavigationCoordinator<Int> {
    override var viewController: UIViewController { UIViewController() }
}

/// A visible navigation stack carrying `depth` engine frames; returns the bottom and top coordinators.
@MainActor
func chain(depth: Int) -> (host: InsecurityHost, window: UIWindow, bottom: Screen, top: Screen) {
    let window = UIWindow()
    let navigation = UINavigationController(rootViewController: UIViewController())
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    let host = InsecurityHost(navigation: navigation)
    let bottom = Screen()
    host.start(bottom, animated: false) { _ in }
    var top = bottom
    for _ in 1..<depth {
        let next = Screen()
        top.navigation.start(next, animated: false) { _ in }
        top = next
    }
    SimRunLoop.main.runUntilIdle()
    return (host, window, bottom, top)
}

for depth in [10, 1_000, 10_000] {
    benchmark("end the top frame at depth \(depth)", settings: Iterations(200)) { state in
        try MainActor.assumeIsolated {
            let scene = chain(depth: depth)
            try state.measure {
                let child = Screen()
                scene.top.navigation.start(child, animated: false) { _ in }
                child.finish(1)
                SimRunLoop.main.runUntilIdle()
            }
            _ = scene
        }
    }
}

for depth in [100, 10_000] {
    benchmark("tear down \(depth) frames at once", settings: Iterations(20)) { state in
        try MainActor.assumeIsolated {
            let scene = chain(depth: depth)
            try state.measure {
                scene.bottom.finish(0)
                SimRunLoop.main.runUntilIdle()
            }
            _ = scene
        }
    }
}

@MainActor
final class Sheet: ModalCoordinator<Int> {
    override var viewController: UIViewController { UIViewController() }
}

/// A visible window with `depth` engine frames presented one above the other.
@MainActor
func modalChain(depth: Int) -> (host: InsecurityHost, window: UIWindow, top: Sheet) {
    let window = UIWindow()
    window.rootViewController = UIViewController()
    window.makeKeyAndVisible()
    let host = InsecurityHost(modal: window.rootViewController!)
    var top = Sheet()
    host.start(top, animated: false) { _ in }
    for _ in 1..<depth {
        let next = Sheet()
        top.navigation.start(next, animated: false) { _ in }
        top = next
    }
    return (host, window, top)
}

// Issue 10: a start + finish on top of a deep modal chain costs the same as on a shallow one
// (SimUIKit's presentation checks no longer walk the chain).
for depth in [10, 10_000] {
    benchmark("start + finish a sheet on a modal chain of depth \(depth)", settings: Iterations(50)) { state in
        try MainActor.assumeIsolated {
            let scene = modalChain(depth: depth)
            try state.measure {
                let child = Sheet()
                scene.top.navigation.start(child, animated: false) { _ in }
                child.finish(1)
                SimRunLoop.main.runUntilIdle()
            }
            _ = scene
        }
    }
}

Benchmark.main()
