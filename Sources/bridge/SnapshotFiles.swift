import BridgeSnapshot
import BridgeTools
import Foundation
import Synchronization

/// The snapshot files that command-line arguments name: a file as given, a folder searched recursively for
/// regular `.xml` files (hidden entries left out), each found file with its path relative to its folder.
struct SnapshotFiles {
    struct File {
        /// The path to open.
        let path: String
        /// The path inside the folder it was found in (the path as given for a file argument).
        let relativePath: String
    }

    private(set) var files: [File] = []
    /// Entries of the folders that are not regular `.xml` files, with why they are left out.
    private(set) var skipped: [String] = []

    /// Whether `path` is a folder (following a symbolic link given as an argument).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    init(_ arguments: [String]) {
        for argument in arguments {
            if Self.isFolder(argument) {
                addFolder(argument)
            } else {
                // Not found, unreadable or not regular: reading it says so.
                files.append(File(path: argument, relativePath: argument))
            }
        }
    }

    private mutating func addFolder(_ folder: String) {
        var found: [File] = []
        walk(folder, relativePath: "", into: &found)
        files += found.sorted { $0.relativePath < $1.relativePath }
    }

    /// Adds the regular `.xml` files under `folder`, which is `relativePath` inside the folder argument.
    private mutating func walk(_ folder: String, relativePath: String, into found: inout [File]) {
        guard let directory = opendir(folder) else {
            skipped.append("\(folder): skipped: the folder cannot be listed: \(String(cString: strerror(errno)))")
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            // ".", ".." and hidden entries.
            if name.hasPrefix(".") { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let relative = relativePath.isEmpty ? name : relativePath + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                // Some file systems do not fill in the type.
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                type = Int32(info.st_mode & S_IFMT) >> 12  // IFTODT: the mode's type as a d_type
            }
            switch type {
            case Int32(DT_DIR): walk(path, relativePath: relative, into: &found)
            case Int32(DT_REG) where name.hasSuffix(".xml"): found.append(File(path: path, relativePath: relative))
            case Int32(DT_REG): skipped.append("\(path): skipped: not a .xml file")
            default: skipped.append("\(path): skipped: not a regular file")
            }
        }
    }
}

/// What reading one snapshot file gave.
enum SnapshotRead<Value: Sendable>: Sendable {
    case read(Value)
    /// Why the file could not be read, starting with its path.
    case unreadable(String)
    /// Every problem of the snapshot, one line each, starting with the file's path.
    case invalid([String])

    /// What was read, or nil.
    var value: Value? {
        if case .read(let value) = self { value } else { nil }
    }

    /// What kept the file from being read, one line each (none when it was read).
    var problems: [String] {
        switch self {
        case .read: []
        case .unreadable(let problem): [problem]
        case .invalid(let problems): problems
        }
    }
}

/// Reads and checks the snapshot at `path` with `read`.
func readSnapshotFile<Value: Sendable>(
    _ path: String, _ read: ([UInt8]) throws(SnapshotError) -> Value
) -> SnapshotRead<Value> {
    let bytes: [UInt8]
    do {
        bytes = try InputFile.read(path, limit: SnapshotLimits().maxBytes)
    } catch {
        return .unreadable("\(path): \(error.message)")
    }
    do {
        return .read(try read(bytes))
    } catch {
        return .invalid(error.issues.map { "\(path):\($0)" })
    }
}

/// Reads every file with `read`, spread over the machine's cores; the results are in `paths`' order.
func readSnapshotFiles<Value: Sendable>(
    _ paths: [String], _ read: @escaping @Sendable ([UInt8]) throws(SnapshotError) -> Value
) -> [SnapshotRead<Value>] {
    let results = Mutex([SnapshotRead<Value>?](repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
        let result = readSnapshotFile(paths[index], read)
        results.withLock { $0[index] = result }
    }
    return results.withLock { $0.map { $0! } }
}
