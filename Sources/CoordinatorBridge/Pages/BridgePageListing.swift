@_spi(Adapters) import SimUIKit

/// A page view controller's data source that lists its pages, so that trees and snapshots record every
/// page, not only the one shown (format 5), and an import gives the restored page view controller a data
/// source over the restored pages. UIKit's page view controller knows only the pages it shows; the pages
/// a user can swipe to are the data source's.
@MainActor
public protocol BridgePageListing: AnyObject {
    /// The pages, in the order swipes go through them.
    var listedPages: [UIViewController] { get }
    /// Whether a swipe past the last page shows the first, and back.
    var loopsPages: Bool { get }
}

extension BridgePageListing {
    /// The listed page before `page`: the last one before the first when they loop; nil at the start, or
    /// for a page not listed.
    public func listedPage(before page: UIViewController) -> UIViewController? {
        guard let index = listedPages.firstIndex(where: { $0 === page }) else { return nil }
        return index > 0 ? listedPages[index - 1] : loopsPages ? listedPages.last : nil
    }

    /// The listed page after `page`: the first one after the last when they loop; nil at the end, or for a
    /// page not listed.
    public func listedPage(after page: UIViewController) -> UIViewController? {
        guard let index = listedPages.firstIndex(where: { $0 === page }) else { return nil }
        return index + 1 < listedPages.count ? listedPages[index + 1] : loopsPages ? listedPages.first : nil
    }
}

/// The data source an import gives a page view controller recorded with its page list: the restored
/// pages, in order. The page view controller keeps it (its `dataSource` is weak).
@MainActor
public final class RestoredPageList: UIPageViewControllerDataSource, BridgePageListing {
    public let listedPages: [UIViewController]
    public let loopsPages: Bool

    init(pages: [UIViewController], loops: Bool) {
        listedPages = pages
        loopsPages = loops
    }

    public func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController? {
        listedPage(before: viewController)
    }

    public func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController? {
        listedPage(after: viewController)
    }

    /// The list an import gave `pages`, which keeps it whatever its data source is now.
    public static func of(_ pages: UIPageViewController) -> RestoredPageList? {
        pages[associated: keptKey]
    }

    /// Gives `pages` this data source over `children`, showing the one at `list.selectedIndex`.
    static func install(on pages: UIPageViewController, children: [UIViewController], list: BridgedPageList) {
        let source = RestoredPageList(pages: children, loops: list.loops)
        pages[associated: keptKey] = source
        pages.dataSource = source
        pages.setViewControllers([children[list.selectedIndex]], direction: .forward, animated: false)
    }

    private static let keptKey = AssociationKey<RestoredPageList>()
}

extension UIPageViewController {
    /// The data source's pages, the shown one's index and whether they loop, when the data source lists
    /// its pages, shows one of them alone, and no other page is held elsewhere in UIKit's hierarchy; nil
    /// otherwise (then only the shown pages are recorded).
    var pageList: (pages: [UIViewController], list: BridgedPageList)? {
        guard let listing = dataSource as? BridgePageListing, let shown = viewControllers, shown.count == 1,
            let selected = listing.listedPages.firstIndex(where: { $0 === shown[0] })
        else { return nil }
        let pages = listing.listedPages
        let unheld = pages.enumerated().allSatisfy { index, page in
            index == selected || (page.parent == nil && page.presentingViewController == nil)
        }
        guard unheld, Set(pages.map(ObjectIdentifier.init)).count == pages.count else { return nil }
        return (pages, BridgedPageList(selectedIndex: selected, loops: listing.loopsPages))
    }
}
