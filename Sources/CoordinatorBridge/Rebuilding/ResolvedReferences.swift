/// A tree's references to its controllers, resolved to positions in its list of controllers by a reader that
/// looked each of them up already (the snapshot checks), so that a rebuild does not hash every id again
/// (issue 46). Only for a tree whose references all resolve and whose ids are unique.
package struct ResolvedReferences: Sendable {
    /// Each controller's position, by id.
    package var positions: [String: Int]
    /// Each controller's children's positions, in its order.
    package var children: [[Int32]]
    /// Each host's frames' controllers' positions, in its order; -1 for a frame that records none.
    package var frames: [[Int32]]

    package init(positions: [String: Int], children: [[Int32]], frames: [[Int32]]) {
        self.positions = positions
        self.children = children
        self.frames = frames
    }
}
