import CoordinatorBridge
import Foundation
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// A navigation journey kept as a regression test: user events applied, one per line, to a snapshot
/// imported live (`bridge replay SNAPSHOT SCRIPT`).
///
/// ```text
/// # Comments start with '#'. Controllers, navigation and tab bar controllers are named by snapshot id.
/// back main              # the user taps Back on navigation controller "main"
/// pop main finish 0.6    # interactive pop: the finger lets go at 60 %, finishing (or: cancel 0.3)
/// swipe settings         # the sheet holding "settings" is swiped down (or: swipe settings cancel 0.4)
/// tab tabs 1             # the user taps tab 1 (counted from 0) of tab bar controller "tabs"
/// finish checkout        # the coordinator of the frame showing "checkout" finishes
/// dismiss checkout       # the coordinator of the frame showing "checkout" calls dismiss()
/// wait 0.2               # time passes (seconds); plain "wait" runs everything pending
/// ```
///
/// Each event runs and then the clock runs until nothing is pending, so every step ends settled. A
/// script whose first event line is `time manual` settles nothing: only `wait` moves the clock, to
/// record a journey mid-animation.
public struct JourneyScript: Sendable {
    /// One line of the script that does something.
    public struct Step: Sendable, Hashable {
        /// 1-based line in the script.
        public let line: Int
        /// The line as written, without its comment.
        public let text: String
        let event: Event
    }

    enum Event: Sendable, Hashable {
        case back(String)
        case interactivePop(String, finishes: Bool, progress: Double)
        case swipe(String, cancelledAt: Double?)
        case tab(String, Int)
        case finish(String)
        case dismiss(String)
        case wait(Double?)
    }

    public let steps: [Step]
    /// Whether time moves only on `wait` (`time manual`).
    public let isTimeManual: Bool

    /// The largest script read, in bytes.
    public static let maxBytes = 1 << 20
    /// The longest line read, in characters.
    public static let maxLineLength = 1_000
    /// The most events a script may hold.
    public static let maxSteps = 10_000
    /// The most problems reported; parsing stops at the next one.
    public static let maxProblems = 20

    /// Parses `text`; every problem is reported with its line, up to ``maxProblems`` of them. Scripts over
    /// ``maxBytes``, lines over ``maxLineLength`` and scripts of more than ``maxSteps`` events are refused.
    public init(_ text: String) throws(JourneyScriptError) {
        guard text.utf8.count <= Self.maxBytes else {
            throw JourneyScriptError(problems: [
                .init(line: 0, message: "the script is \(text.utf8.count) bytes, over the \(Self.maxBytes)-byte limit")
            ])
        }
        var steps: [Step] = []
        var manual = false
        var problems: [JourneyScriptError.Problem] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            guard problems.count < Self.maxProblems else {
                problems.append(.init(line: line, message: "more problems follow; fix the ones above first"))
                break
            }
            guard rawLine.count <= Self.maxLineLength else {
                problems.append(
                    .init(
                        line: line,
                        message:
                            "the line is \(rawLine.count) characters long, over the \(Self.maxLineLength)-character limit"
                    ))
                continue
            }
            guard steps.count < Self.maxSteps else {
                problems.append(.init(line: line, message: "a script holds at most \(Self.maxSteps) events"))
                break
            }
            let content =
                rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                ?? ""
            let words = content.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !words.isEmpty else { continue }
            if words == ["time", "manual"] {
                if steps.isEmpty {
                    manual = true
                } else {
                    problems.append(.init(line: line, message: "'time manual' must come before the first event"))
                }
                continue
            }
            do {
                steps.append(Step(line: line, text: words.joined(separator: " "), event: try Self.event(words)))
            } catch {
                problems.append(.init(line: line, message: error.message))
            }
        }
        guard problems.isEmpty else { throw JourneyScriptError(problems: problems) }
        self.steps = steps
        isTimeManual = manual
    }

    private struct LineProblem: Error {
        let message: String
    }

    private static func event(_ words: [String]) throws(LineProblem) -> Event {
        func number(_ text: String, _ what: String, in range: ClosedRange<Double>) throws(LineProblem) -> Double {
            guard let value = Double(text), range.contains(value) else {
                throw LineProblem(
                    message:
                        "\(what) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(printable(text))'"
                )
            }
            return value
        }
        func usage(_ form: String) -> LineProblem { LineProblem(message: "expected '\(form)'") }
        switch words[0] {
        case "back":
            guard words.count == 2 else { throw usage("back NAVIGATION") }
            return .back(words[1])
        case "pop":
            guard words.count == 3 || words.count == 4, ["finish", "cancel"].contains(words[2]) else {
                throw usage("pop NAVIGATION finish|cancel [PROGRESS]")
            }
            let progress =
                words.count == 4 ? try number(words[3], "the progress", in: 0...1) : (words[2] == "finish" ? 1 : 0)
            return .interactivePop(words[1], finishes: words[2] == "finish", progress: progress)
        case "swipe":
            if words.count == 2 { return .swipe(words[1], cancelledAt: nil) }
            guard words.count == 4, words[2] == "cancel" else { throw usage("swipe CONTROLLER [cancel PROGRESS]") }
            return .swipe(words[1], cancelledAt: try number(words[3], "the progress", in: 0...1))
        case "tab":
            guard words.count == 3, let index = Int(words[2]), index >= 0 else {
                throw usage("tab TABBAR INDEX (counted from 0)")
            }
            return .tab(words[1], index)
        case "finish":
            guard words.count == 2 else { throw usage("finish CONTROLLER") }
            return .finish(words[1])
        case "dismiss":
            guard words.count == 2 else { throw usage("dismiss CONTROLLER") }
            return .dismiss(words[1])
        case "wait":
            guard words.count <= 2 else { throw usage("wait [SECONDS]") }
            return .wait(words.count == 2 ? try number(words[1], "the time", in: 0...3600) : nil)
        default:
            throw LineProblem(
                message:
                    "unknown event '\(printable(words[0]))'; events are back, pop, swipe, tab, finish, dismiss and wait"
            )
        }
    }

    /// Applies the steps to `windows` (a live import), calling `afterStep` once the step has run. A step that
    /// cannot happen (an unknown id, a gesture UIKit refuses) stops the journey with an error on its line.
    @MainActor
    public func run(on windows: [UIWindow], afterStep: (Step) throws -> Void) throws {
        let loop = SimRunLoop.main
        for step in steps {
            do {
                try apply(step.event, on: windows)
            } catch {
                throw JourneyScriptError(problems: [.init(line: step.line, message: error.message)])
            }
            if !isTimeManual { loop.runUntilIdle() }
            try afterStep(step)
        }
    }

    @MainActor
    private func apply(_ event: Event, on windows: [UIWindow]) throws(LineProblem) {
        func onScreen<Kind: UIViewController>(_ id: String, _ kind: Kind.Type, _ what: String) throws(LineProblem)
            -> Kind
        {
            guard let found = controller(withID: id, in: windows) else {
                throw LineProblem(message: "no controller '\(printable(id))' is on screen")
            }
            guard let typed = found as? Kind else {
                throw LineProblem(message: "'\(printable(id))' is a \(type(of: found)), not \(what)")
            }
            return typed
        }
        func refused(_ what: String) -> LineProblem { LineProblem(message: "UIKit refuses: \(what)") }
        switch event {
        case .back(let id):
            let navigation = try onScreen(id, UINavigationController.self, "a navigation controller")
            guard navigation.simulateBackButtonTap() else {
                throw refused(
                    whyNavigationRefuses(navigation, id) ?? "the back button of '\(printable(id))' does nothing")
            }
        case .interactivePop(let id, let finishes, let progress):
            let navigation = try onScreen(id, UINavigationController.self, "a navigation controller")
            guard let pop = navigation.beginInteractivePop() else {
                throw refused(
                    navigation.isInteractivePopEnabled
                        ? whyNavigationRefuses(navigation, id) ?? "'\(printable(id))' cannot start an interactive pop"
                        : "the edge swipe is disabled on '\(printable(id))' (isInteractivePopEnabled is false)")
            }
            pop.update(progress)
            if finishes { pop.finish() } else { pop.cancel() }
        case .swipe(let id, let cancelledAt):
            let swiped = try onScreen(id, UIViewController.self, "a controller")
            guard let swipe = swiped.beginInteractiveDismissal() else {
                throw refused(whySwipeRefused(swiped, id))
            }
            if let cancelledAt {
                swipe.update(cancelledAt)
                swipe.cancel()
            } else {
                swipe.finish()
            }
        case .tab(let id, let index):
            let tabBar = try onScreen(id, UITabBarController.self, "a tab bar controller")
            guard tabBar.simulateTabTap(index) else {
                throw refused(whyTabTapRefused(tabBar, id, index))
            }
        case .finish(let id):
            try frameCoordinator(showing: try onScreen(id, UIViewController.self, "a controller"), id, in: windows)
                .finish(())
        case .dismiss(let id):
            try frameCoordinator(showing: try onScreen(id, UIViewController.self, "a controller"), id, in: windows)
                .dismiss()
        case .wait(let seconds):
            if let seconds { SimRunLoop.main.advance(by: seconds) } else { SimRunLoop.main.runUntilIdle() }
        }
    }

    // MARK: Why UIKit refuses a gesture, in the words of what is on screen

    /// Why the back button or the edge swipe of `navigation` does nothing, or nil when no reason is seen.
    @MainActor
    private func whyNavigationRefuses(_ navigation: UINavigationController, _ id: String) -> String? {
        if navigation.viewControllers.count < 2 { return "there is nothing to go back to on '\(printable(id))'" }
        if navigation.transitionCoordinator != nil { return "a transition is running on '\(printable(id))'" }
        return covering(navigation).map { "\($0) is presented over '\(printable(id))'" }
    }

    @MainActor
    private func whyTabTapRefused(_ tabBar: UITabBarController, _ id: String, _ index: Int) -> String {
        let count = tabBar.viewControllers?.count ?? 0
        if !(0..<count).contains(index) {
            return "'\(printable(id))' has \(count) tabs, so no tab \(index) (tabs count from 0)"
        }
        if tabBar.viewIfLoaded?.window == nil { return "'\(printable(id))' is not on screen" }
        if let cover = covering(tabBar) {
            return "\(cover) is presented over '\(printable(id))' and covers its tab bar"
        }
        return "the tab bar's delegate refused tab \(index) of '\(printable(id))'"
    }

    @MainActor
    private func whySwipeRefused(_ controller: UIViewController, _ id: String) -> String {
        var sheet = controller
        while let parent = sheet.parent { sheet = parent }
        guard sheet.presentingViewController != nil else { return "'\(printable(id))' is not in a presented sheet" }
        if !sheet.modalPresentationStyle.isSwipeDismissible {
            return "the \(sheet.modalPresentationStyle) presentation holding '\(printable(id))' cannot be swiped down"
        }
        if sheet.transitionCoordinator != nil || sheet.presentingViewController?.transitionCoordinator != nil {
            return "a transition is running on the sheet holding '\(printable(id))'"
        }
        if sheet.isModalInPresentation || controller.isModalInPresentation {
            return "the sheet holding '\(printable(id))' is modal in presentation (isModalInPresentation)"
        }
        return "the sheet's presentation controller delegate refused to dismiss '\(printable(id))'"
    }

    /// The controller presented over `controller`'s outermost container, named by its id.
    @MainActor
    private func covering(_ controller: UIViewController) -> String? {
        var outermost = controller
        while let parent = outermost.parent { outermost = parent }
        guard let presented = outermost.presentedViewController else { return nil }
        return presented.restorationIdentifier.map { "'\(printable($0))'" } ?? "a controller"
    }

    @MainActor
    private func frameCoordinator(showing controller: UIViewController, _ id: String, in windows: [UIWindow])
        throws(LineProblem) -> InsecurityCoordinator<Void>
    {
        for host in InsecurityHost.hosts(in: windows) {
            for frame in host.frameDescriptions where frame.controller === controller {
                guard let coordinator = frame.coordinator as? InsecurityCoordinator<Void> else {
                    throw LineProblem(
                        message:
                            "the coordinator showing '\(printable(id))' (\(frame.coordinatorType)) is the app's own; finish it in Swift"
                    )
                }
                return coordinator
            }
        }
        throw LineProblem(message: "no live Insecurity frame shows '\(printable(id))'")
    }

}

/// Problems in a journey script, each with its line.
public struct JourneyScriptError: Error, Sendable, CustomStringConvertible {
    public struct Problem: Sendable, Hashable {
        public let line: Int
        public let message: String
    }

    public let problems: [Problem]

    /// `line N: message`, one per line.
    public var description: String {
        problems.map { "line \($0.line): \($0.message)" }.joined(separator: "\n")
    }
}

/// The controller whose `restorationIdentifier` (its id in snapshots) is `id`, anywhere in the windows'
/// hierarchies: roots, contained children and presented chains.
@MainActor
public func controller(withID id: String, in windows: [UIWindow]) -> UIViewController? {
    windows.lazy.flatMap(\.controllerHierarchy).first { $0.restorationIdentifier == id }
}

/// `text` as it may be shown in a message: control characters escaped (`\u{1B}`), at most 40 characters.
func printable(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(40) {
        if scalar.properties.generalCategory == .control {
            shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return text.unicodeScalars.count > 40 ? shown + "…" : shown
}
