/// Indented text trees of what is on screen, for tools and examples.
///
/// ```
/// UIWindow (key, visible)
///   UINavigationController
///     HomeViewController "Home"
///     DetailViewController "Detail" (top)
///   presented (pageSheet): SettingsViewController "Settings"
/// ```
/// Presented controllers are listed flat under the window, bottom to top, so the text does not
/// nest deeper as a modal chain grows.
extension UIWindow {
    public func hierarchyDescription() -> String {
        var state: [String] = []
        if isKeyWindow { state.append("key") }
        state.append(isHidden ? "hidden" : "visible")
        var lines = ["UIWindow (\(state.joined(separator: ", ")))"]
        guard let root = rootViewController else {
            lines.append("  (no root view controller)")
            return lines.joined(separator: "\n")
        }
        root.describe(into: &lines, indent: 1, label: nil)
        for presented in root.presentedChain() {
            presented.describe(into: &lines, indent: 1, label: "presented (\(presented.modalPresentationStyle.name))")
        }
        return lines.joined(separator: "\n")
    }
}

extension UIViewController {
    fileprivate func describe(into lines: inout [String], indent: Int, label: String?) {
        let prefix = String(repeating: "  ", count: indent)
        var line = prefix + (label.map { "\($0): " } ?? "") + plainDescription
        if let navigation = parent as? UINavigationController, navigation.topViewController === self,
            navigation.viewControllers.count > 1
        {
            line += " (top)"
        }
        lines.append(line)
        for child in children {
            child.describe(into: &lines, indent: indent + 1, label: nil)
        }
    }
}
