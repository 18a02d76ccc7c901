import SimUIKit

/// The controllers a rebuild makes, by their position in the tree's list of controllers. Ids are resolved to
/// positions through an index that the rebuild lets go of before it adopts the frames: for a large tree the
/// index is as large as a quarter of the live objects, and the live tree reaches its largest while frames are
/// adopted. Once it is gone, a table by id is made only if something asks by id (a plugin, the resumed queue).
@MainActor
final class RebuiltControllers {
    /// Each described controller's id, by position (the last of two controllers with one id wins, as in the index).
    private let ids: [String]
    private var positions: [String: Int]?
    private var byID: [String: UIViewController]?
    private var made: [UIViewController?]

    /// The controllers to make for `described`, indexed by `positions` when a reader resolved them already (ids
    /// unique), else by an index made here.
    init(_ described: [BridgedController], positions resolved: [String: Int]? = nil) {
        var ids: [String] = []
        ids.reserveCapacity(described.count)
        var positions = resolved ?? [String: Int](minimumCapacity: described.count)
        for described in described {
            if resolved == nil { positions[described.id] = ids.count }
            ids.append(described.id)
        }
        self.ids = ids
        self.positions = positions
        made = Array(repeating: nil, count: described.count)
    }

    /// The controller made for the described controller at `position`.
    subscript(position: Int) -> UIViewController? {
        get { made[position] }
        set { made[position] = newValue }
    }

    /// The position of the described controller with this id, while the index is there.
    func position(ofID id: String) -> Int? { positions?[id] }

    /// The id of the described controller at `position`.
    func id(at position: Int) -> String { ids[position] }

    /// The controller made for the described controller with this id.
    func controller(withID id: String) -> UIViewController? {
        if let positions { return positions[id].flatMap { made[$0] } }
        if byID == nil {
            var table = [String: UIViewController](minimumCapacity: made.count)
            for (id, controller) in zip(ids, made) where controller != nil { table[id] = controller }
            byID = table
        }
        return byID?[id]
    }

    /// Lets go of the index by id: the rebuild has resolved by position what it reads while adopting frames.
    func releaseIndex() {
        positions = nil
    }
}
