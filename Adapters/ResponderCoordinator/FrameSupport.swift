import CoordinatorBridge
@_spi(Adapters) import Insecurity
import SimUIKit

/// The name a controller's frame reports in bridged trees and snapshots: the type of the legacy
/// coordinator that showed it (the adapter's frames are an implementation detail).
@MainActor
func frameOwnerTypeName(of controller: UIViewController) -> String {
    guard let owner = controller.parentCoordinator else { return "UnownedController" }
    return bridgedTypeName(of: owner)
}

