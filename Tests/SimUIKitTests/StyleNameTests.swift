import SimUIKit
import Testing

@Suite("Style names written in renderers and snapshots")
struct StyleNameTests {
    @Test("X1: every presentation style has its case name, and the name gives the style back")
    func presentationStyles() {
        #expect(
            UIModalPresentationStyle.allCases.map(\.name) == [
                "fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen",
                "overCurrentContext", "popover", "none", "automatic",
            ])
        for style in UIModalPresentationStyle.allCases { #expect(UIModalPresentationStyle(name: style.name) == style) }
        #expect(UIModalPresentationStyle(name: "sheet") == nil)
    }

    @Test("X11: alert and action styles have their case names, and the names give them back")
    func alertStyles() {
        #expect(UIAlertController.Style.allCases.map(\.name) == ["actionSheet", "alert"])
        #expect(UIAlertAction.Style.allCases.map(\.name) == ["default", "cancel", "destructive"])
        for style in UIAlertController.Style.allCases { #expect(UIAlertController.Style(name: style.name) == style) }
        for style in UIAlertAction.Style.allCases { #expect(UIAlertAction.Style(name: style.name) == style) }
        #expect(UIAlertAction.Style(name: "Default") == nil)
    }
}
