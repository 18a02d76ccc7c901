@_spi(Adapters) @_spi(Testing) import SimUIKit

/// The engine's invariants, checked by test harnesses after every step (as swift-collections'
/// `_checkInvariants()`). Structural ones hold whenever the engine is not inside a call; screen ones hold
/// once the run loop is idle and nothing animates.
///
/// Make one when a test or a random sequence begins: it watches the hosts made and the frames ended from
/// then on, so that it can check hosts whose base has left the windows, and controllers left on screen by
/// frames that ended.
@_spi(Testing)
@MainActor
public final class InsecurityInvariants: InvariantChecker {
    private var hosts: [Weak<InsecurityHost>] = []
    /// Controllers that frames showed and that have ended since, kept weakly. A window root's controller is
    /// not among them: the window keeps it when its chain ends (E13).
    private var endedControllers: [ObjectIdentifier: Weak<UIViewController>] = [:]
    private var subscription: EventSubscription?
    /// Controllers kept in place off screen, whose insides count as shown: the pages a page coordinator keeps
    /// while another page shows, as a tab bar keeps its hidden tabs.
    public var parked: () -> [UIViewController] = { [] }

    public init() {
        subscription = InsecurityEvents.observeEngine { [weak self] event in
            switch event {
            case .hostMade(let host): self?.hosts.append(Weak(host))
            case .frame(let frame, .ended): self?.recordEnded(frame)
            case .frame: break
            }
        }
    }

    func recordEnded(_ frame: Frame) {
        // A window keeps the root of a chain that ended (E13): only what was above it leaves.
        if frame.wasShown, !frame.isWindowRoot, let controller = frame.uikitController {
            endedControllers[ObjectIdentifier(controller)] = Weak(controller)
        }
    }

    /// Every broken invariant, described for a person, in the hosts made since this checker and in those
    /// `windows` show. `settled` adds the screen checks: every live frame is shown where its placement
    /// says, no controller on screen belongs to two live frames, and no controller of an ended frame is
    /// still in `windows`' hierarchies unless a live frame shows it again. Controllers inside ``parked`` ones
    /// are in place off screen.
    public func violations(windows: [UIWindow], settled: Bool) -> [String] {
        var problems: [String] = []
        var owners: [ObjectIdentifier: Int] = [:]
        let parkedIDs = Set(parked().map(ObjectIdentifier.init))
        for host in liveHosts(in: windows) {
            problems += host.structuralViolations()
            if settled { problems += host.screenViolations(parked: parkedIDs) }
            for frame in host.frames {
                if let controller = frame.uikitController { owners[ObjectIdentifier(controller), default: 0] += 1 }
            }
        }
        guard settled else { return problems }
        endedControllers = endedControllers.filter { $0.value.value != nil }
        for controller in windows.flatMap(\.controllerHierarchy) {
            let id = ObjectIdentifier(controller)
            let count = owners[id] ?? 0
            if count > 1 { problems.append("\(controller.simDescription) is owned by \(count) live frames") }
            // A stack's root is never a pushed frame's: an adapter or the app made it the root since.
            let isStackRoot = (controller.parent as? UINavigationController)?.viewControllers.first === controller
            if count == 0, endedControllers[id] != nil, !isStackRoot {
                problems.append("\(controller.simDescription) is on screen, but the frame that showed it has ended")
            }
        }
        return problems
    }

    /// The hosts made since this checker, and those `windows` show, each once.
    private func liveHosts(in windows: [UIWindow]) -> [InsecurityHost] {
        hosts.removeAll { $0.value == nil }
        var found = hosts.compactMap(\.value)
        let seen = Set(found.map(ObjectIdentifier.init))
        found += InsecurityHost.hosts(in: windows).filter { !seen.contains(ObjectIdentifier($0)) }
        return found
    }
}

extension InsecurityHost {
    /// Lookup tables, indices and stage agree with the chain.
    func structuralViolations() -> [String] {
        var problems: [String] = []
        if !stage.isReady { problems.append("host \(debugName) is not ready between steps") }
        return problems + chainViolations()
    }

    /// Indices, host links and the controller lookup table agree with the chain: what holds after every
    /// operation, once the host is ready. Costs O(frames).
    private func chainViolations() -> [String] {
        var problems: [String] = []
        for (index, frame) in frames.enumerated() {
            if frame.index != index {
                problems.append("\(frame.checkName) has index \(frame.index) at position \(index)")
            }
            if !frame.isLive, !hasLeftWindow {
                problems.append("\(frame.checkName) has ended but is still in the chain of \(debugName)")
            }
            if frame.host !== self { problems.append("\(frame.checkName) names another host") }
            if framesByUIKitController[frame.uikitControllerID] !== frame {
                problems.append("\(frame.checkName) is missing from the controller lookup table")
            }
        }
        if framesByUIKitController.count != frames.count {
            for frame in framesByUIKitController.values
            where !frames.indices.contains(frame.index) || frames[frame.index] !== frame {
                problems.append("the controller lookup table of \(debugName) holds frame \(frame.id), not in the chain")
            }
        }
        return problems
    }

    /// Checks the chain right after `operation` changed it, in builds with `INSECURITY_CHECKS` (this
    /// package's debug builds; nothing in release): a broken invariant is reported where it broke, as an
    /// `invariantBroken` diagnostic, not at a harness's next check. Skipped while a teardown is under way.
    /// Costs O(1) while the chain is sound: the lookup table's size, and `frame` and the top frame in place;
    /// the whole chain is read only to describe a problem.
    func checkChain(after operation: @autoclosure () -> String, around frame: Frame? = nil) {
        #if INSECURITY_CHECKS
            guard stage.isReady else { return }
            func inPlace(_ frame: Frame) -> Bool {
                frames.indices.contains(frame.index) && frames[frame.index] === frame && frame.host === self
                    && framesByUIKitController[frame.uikitControllerID] === frame && (frame.isLive || hasLeftWindow)
            }
            let touchedInPlace = frame.map { !$0.isLive || inPlace($0) } ?? true
            guard
                framesByUIKitController.count != frames.count || !touchedInPlace || !(frames.last.map(inPlace) ?? true)
            else { return }
            var problems = chainViolations()
            if !touchedInPlace, let frame {
                problems.append("\(frame.checkName) is live but not in place in its host's chain")
            }
            InsecurityDiagnostics.report(
                .invariantBroken,
                "After \(operation()): \(problems.isEmpty ? "the chain changed under the operation" : problems.joined(separator: "; "))."
            )
        #endif
    }

    /// Every live frame is shown where its placement says, in a window or inside a parked controller.
    func screenViolations(parked: Set<ObjectIdentifier>) -> [String] {
        var problems: [String] = []
        for frame in frames where !adoption.waitingFrames.contains(where: { $0 === frame }) {
            let name = frame.checkName
            guard case .shown = frame.status else {
                problems.append("\(name) is still waiting once the run loop is idle")
                continue
            }
            guard let controller = frame.uikitController else { continue }
            let inPlace: Bool =
                switch frame.placement {
                case .presented: controller.presentingViewController != nil
                case .pushed(let navigation): controller.parent === navigation.value
                case .windowRoot(let window, _): window.value?.rootViewController === controller
                }
            if !inPlace || (controller.hostWindow == nil && !controller.isInside(parked)) {
                problems.append("\(name) is live but \(controller.simDescription) is not on screen")
            }
        }
        return problems
    }

    private var debugName: String { "\(ObjectIdentifier(self))" }
}

extension UIViewController {
    /// Whether this controller or one of its parents is among `controllers`.
    fileprivate func isInside(_ controllers: Set<ObjectIdentifier>) -> Bool {
        var current: UIViewController? = self
        while let controller = current {
            if controllers.contains(ObjectIdentifier(controller)) { return true }
            current = controller.parent
        }
        return false
    }
}

extension Frame {
    /// How the invariant checks name the frame in what they report.
    fileprivate var checkName: String { "frame \(id) \(typeName)" }
}
