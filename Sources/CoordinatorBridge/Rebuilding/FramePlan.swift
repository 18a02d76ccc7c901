import Insecurity

/// The described frames as adoption reads them, with the controllers they show resolved to positions. It is a
/// third of the described frames' size, so that those are let go before the frames are adopted, while the live
/// tree grows to its largest.
struct FramePlan {
    /// One described frame.
    struct Frame {
        /// What the frame shows.
        enum Shows {
            /// A controller the snapshot does not record (the frame names none).
            case unrecorded
            /// The described controller at this position.
            case recorded(position: Int32)
            /// An id no described controller has, at this index of ``missingIDs``.
            case missing(Int32)
        }

        var shows: Shows
        /// The index of its coordinator's type name in ``typeNames``.
        var typeName: Int32
        var kind: NavigationEvent.Presentation
        var isShown: Bool
    }

    private(set) var frames: [Frame] = []
    /// Where each described host's frames are in ``frames``, in the tree's order of hosts.
    private(set) var hostRanges: [Range<Int>] = []
    private var typeNames: [String] = []
    private var missingIDs: [String] = []

    init() {}

    /// Resolves `hosts`' frames against `controllers`, whose index by id must still be there.
    @MainActor
    /// The plan of `hosts`' frames, whose controllers `resolved` gives by position for each host's frames (-1:
    /// none recorded) when a reader resolved them already, else looked up in `controllers` by id.
    init(hosts: [BridgedHost], controllers: RebuiltControllers, resolved: [[Int32]]? = nil) {
        frames.reserveCapacity(hosts.reduce(0) { $0 + $1.frames.count })
        for (hostIndex, host) in hosts.enumerated() {
            let start = frames.count
            for (frameIndex, frame) in host.frames.enumerated() {
                let shows: Frame.Shows
                if let resolved {
                    let position = resolved[hostIndex][frameIndex]
                    shows = position >= 0 ? .recorded(position: position) : .unrecorded
                } else if let id = frame.controllerID {
                    if let position = controllers.position(ofID: id) {
                        shows = .recorded(position: Int32(position))
                    } else {
                        shows = .missing(Int32(missingIDs.count))
                        missingIDs.append(id)
                    }
                } else {
                    shows = .unrecorded
                }
                // A chain's frames are mostly of one type: consecutive ones share an entry.
                if typeNames.last != frame.coordinatorType { typeNames.append(frame.coordinatorType) }
                frames.append(
                    Frame(
                        shows: shows, typeName: Int32(typeNames.count - 1), kind: frame.kind,
                        isShown: frame.state == .shown))
            }
            hostRanges.append(start..<frames.count)
        }
    }

    func typeName(of frame: Frame) -> String { typeNames[Int(frame.typeName)] }

    /// The id of the controller `frame` shows, as described; nil when it shows an unrecorded one.
    @MainActor
    func controllerID(of frame: Frame, in controllers: RebuiltControllers) -> String? {
        switch frame.shows {
        case .unrecorded: nil
        case .recorded(let position): controllers.id(at: Int(position))
        case .missing(let index): missingIDs[Int(index)]
        }
    }
}
