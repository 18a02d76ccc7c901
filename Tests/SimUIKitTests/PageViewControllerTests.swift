import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
private final class PageDelegateSpy: UIPageViewControllerDelegate {
    private(set) var calls: [String] = []
    func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]
    ) {
        calls.append("willTransitionTo \(pendingViewControllers.map { $0.title ?? "?" })")
    }
    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) {
        calls.append("didFinish \(previousViewControllers.map { $0.title ?? "?" }) completed \(completed)")
    }
}

@MainActor
@Suite("Page view controllers", .cleanSimulatedWorld)
struct PageViewControllerTests {
    let loop = SimRunLoop.main
    let journal = Journal()

    private func scene() -> (UIWindow, UIPageViewController, [Screen]) {
        let pages = ["One", "Two", "Three"].map { Screen($0, journal: journal) }
        let pager = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pager.setViewControllers([pages[0]], direction: .forward, animated: false)
        let window = makeVisibleWindow(root: pager)
        _ = journal.take()
        return (window, pager, pages)
    }

    @Test(
        "S24, S19: setting pages calls the appearance callbacks in a tab switch's order around the transition, in each direction",
        arguments: [UIPageViewController.NavigationDirection.forward, .reverse])
    func appearanceOrder(direction: UIPageViewController.NavigationDirection) {
        let (window, pager, pages) = scene()
        var finished: [Bool] = []
        pager.setViewControllers([pages[1]], direction: direction, animated: true) { finished.append($0) }
        #expect(pager.viewControllers == [pages[1]])
        #expect(
            journal.take() == [
                "One.willMove(nil)", "Two.willMove(parent)", "Two.viewDidLoad", "Two.viewWillAppear",
                "Two.viewIsAppearing", "One.viewWillDisappear",
            ])
        loop.advance(by: SimAnimation.navigationTransitionDuration)
        // didMove(toParent:) after the did-appear, as a device log shows for setViewControllers (S24).
        #expect(
            journal.take() == ["One.viewDidDisappear", "Two.viewDidAppear", "One.didMove(nil)", "Two.didMove(parent)"])
        #expect(finished == [true])
        #expect(pages[0].parent == nil && pages[1].parent === pager)
        _ = window
    }

    @Test("S24: the wrong number of pages raises UIKit's exception and changes nothing")
    func wrongPageCount() {
        let (window, pager, pages) = scene()
        let exceptions = SimExceptions.capture {
            pager.setViewControllers([pages[1], pages[2]], direction: .forward, animated: false)
        }
        #expect(exceptions.map(\.name) == ["NSInvalidArgumentException"])
        #expect(pager.viewControllers == [pages[0]])
        _ = window
    }

    @Test("S24: a double-sided page curl takes two pages at a time")
    func doubleSided() {
        let pager = UIPageViewController()
        pager.isDoubleSided = true
        let pages = [Screen("A"), Screen("B")]
        let exceptions = SimExceptions.capture {
            pager.setViewControllers(pages, direction: .forward, animated: false)
        }
        #expect(exceptions.isEmpty)
        #expect(pager.viewControllers == pages)
        loop.runUntilIdle()
    }

    @Test("S24: a mid spine, given as UIKit's number or as the case, shows two pages at a time")
    func midSpine() {
        for spine: Any in [
            NSNumber(value: UIPageViewController.SpineLocation.mid.rawValue), UIPageViewController.SpineLocation.mid,
        ] {
            let pager = UIPageViewController(
                transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: spine])
            #expect(pager.spineLocation == .mid)
            let exceptions = SimExceptions.capture {
                pager.setViewControllers([Screen("A")], direction: .forward, animated: false)
            }
            #expect(exceptions.count == 1, "one page is not enough for a mid spine")
        }
    }

    @Test("S24: a swipe asks the data source and tells the delegate; setViewControllers tells the delegate nothing")
    func swipe() {
        let (window, pager, pages) = scene()
        let (source, delegate) = (PageList(pages), PageDelegateSpy())
        (pager.dataSource, pager.delegate) = (source, delegate)
        #expect(!pager.simulateSwipe(.reverse), "nothing before the first page")
        #expect(pager.simulateSwipe(.forward))
        loop.runUntilIdle()
        #expect(pager.viewControllers == [pages[1]])
        #expect(delegate.calls == ["willTransitionTo [\"Two\"]", "didFinish [\"One\"] completed true"])
        pager.setViewControllers([pages[2]], direction: .forward, animated: true)
        loop.runUntilIdle()
        #expect(delegate.calls.count == 2)
        _ = window
    }

    @Test("S24: a swipe let go early keeps the page, and the delegate hears transitionCompleted false")
    func cancelledSwipe() {
        let (window, pager, pages) = scene()
        let (source, delegate) = (PageList(pages), PageDelegateSpy())
        (pager.dataSource, pager.delegate) = (source, delegate)
        let swipe = pager.beginInteractiveSwipe(.forward)
        swipe?.update(0.2)
        swipe?.cancel()
        loop.runUntilIdle()
        #expect(pager.viewControllers == [pages[0]])
        #expect(pages[0].viewIfLoaded?.window != nil)
        #expect(delegate.calls.last == "didFinish [\"One\"] completed false")
        let entries = journal.take()
        #expect(entries.last == "One.viewDidAppear" || entries.contains("One.viewDidAppear"))
        _ = window
    }
}
