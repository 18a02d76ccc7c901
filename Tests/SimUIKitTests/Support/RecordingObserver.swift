@_spi(Adapters) import SimUIKit

/// Records, under the name it was made with, what happens to the controller it observes: its deallocation (the name
/// alone) and its presentation changes (the name, then the change).
@MainActor
final class RecordingObserver: ControllerObserver {
    let name: String
    var record: (String) -> Void = { _ in }

    init(_ name: String) {
        self.name = name
    }

    override func observedControllerDeallocated() {
        record(name)
    }

    override func observedControllerPresentationChanged(_ change: PresentationChange) {
        record(
            "\(name): \(change.kind) \(change.phase) by \(change.presenter.title ?? "?") \(change.controllers.compactMap(\.title))"
        )
    }
}
