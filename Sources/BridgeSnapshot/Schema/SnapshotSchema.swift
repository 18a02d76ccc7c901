import Foundation

/// The schema of the snapshot format, shipped as a package resource.
public enum SnapshotSchema {
    /// The current format version.
    public static let version = SnapshotWriter.version

    /// The file URL of the XML Schema for ``version`` (for `xmllint --schema` and other tools). It also
    /// accepts every earlier version's documents.
    public static var url: URL {
        Bundle.module.url(forResource: "bridge-snapshot-\(version)", withExtension: "xsd")!
    }

    /// The schema's bytes.
    static let bytes: [UInt8] = {
        (try? [UInt8](Data(contentsOf: url))) ?? []
    }()
}
