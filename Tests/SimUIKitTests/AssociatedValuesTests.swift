@_spi(Adapters) import SimUIKit
import SimulationTesting
import Testing

/// What adapters attach to SimUIKit objects, as associated objects on iOS.
@MainActor
@Suite("Associated values (for adapters)", .cleanSimulatedWorld)
struct AssociatedValuesTests {
    private static let name = AssociationKey<String>()
    private static let count = AssociationKey<Int>()

    @Test("Each key holds its own typed value per object, and the value goes with the object")
    func valuesPerObjectAndKey() {
        final class Payload {}
        let first = UIViewController()
        let second = UINavigationController()
        first[associated: Self.name] = "first"
        first[associated: Self.count] = 1
        second[associated: Self.name] = "second"
        #expect(first[associated: Self.name] == "first")
        #expect(first[associated: Self.count] == 1)
        #expect(second[associated: Self.name] == "second")
        #expect(second[associated: Self.count] == nil)
        first[associated: Self.count] = nil
        #expect(first[associated: Self.count] == nil)

        let payloadKey = AssociationKey<Payload>()
        weak var payload: Payload?
        do {
            let window = UIWindow()
            let made = Payload()
            payload = made
            window[associated: payloadKey] = made
        }
        #expect(payload == nil, "released with the window it was attached to")
    }
}
