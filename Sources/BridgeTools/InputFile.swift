import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file a person named on the command line, bounded in time and memory: only regular files are
/// read, their size is checked before reading, and at most `limit + 1` bytes are ever read.
public enum InputFile {
    /// Why a file was not read, written for the person at the terminal (the caller prefixes the path).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The bytes of the regular file at `path`, which must hold between 1 and `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Problem(message: "cannot read the file: \(String(cString: strerror(errno))). Check the path.")
        }
        if let kind = kindIfNotRegular(info.st_mode) {
            throw Problem(message: "is \(kind), not a regular file; give the path of a file")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw Problem(message: "is empty") }
        guard size <= limit else { throw tooLarge(size, limit) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Problem(message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw Problem(message: "cannot read the file: \(error.localizedDescription)")
        }
        // The file may have changed since it was measured.
        guard !data.isEmpty else { throw Problem(message: "is empty") }
        guard data.count <= limit else { throw tooLarge(data.count, limit) }
        return [UInt8](data)
    }

    private static func kindIfNotRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    private static func tooLarge(_ size: Int, _ limit: Int) -> Problem {
        Problem(message: "is \(megabytes(size)), over the \(megabytes(limit)) limit")
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}
