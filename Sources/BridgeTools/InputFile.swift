import Foundation

#if canImport(Glibc)
    import Glibc

    /// The C library's `read` and `write`, which `InputFile.read` and `OutputFile.write` hide.
    private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        Glibc.read(descriptor, buffer, count)
    }

    private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        Glibc.write(descriptor, buffer, count)
    }
#elseif canImport(Darwin)
    import Darwin

    /// The C library's `read` and `write`, which `InputFile.read` and `OutputFile.write` hide.
    private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        Darwin.read(descriptor, buffer, count)
    }

    private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        Darwin.write(descriptor, buffer, count)
    }
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
            throw Problem(message: "cannot read the file: \(errorText()). Check the path.")
        }
        if let kind = kindIfNotRegular(info.st_mode) {
            throw Problem(message: "is \(kind), not a regular file; give the path of a file")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw Problem(message: "is empty") }
        guard size <= limit else { throw tooLarge(size, limit) }
        // Non-blocking, so that a FIFO put in the file's place since the check cannot hang the open.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw Problem(message: "cannot open the file: \(errorText())") }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, kindIfNotRegular(info.st_mode) == nil else {
            throw Problem(message: "changed while it was read; try again")
        }
        // At most one byte more than the limit, to notice a file that grew since it was measured.
        let capacity = min(Int(info.st_size), limit) + 1
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            while count < capacity {
                let got = readBytes(descriptor, buffer.baseAddress! + count, capacity - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                count += got
            }
        }
        if let failure { throw Problem(message: "cannot read the file: \(String(cString: strerror(failure)))") }
        guard !bytes.isEmpty else { throw Problem(message: "is empty") }
        guard bytes.count <= limit else { throw tooLarge(bytes.count, limit) }
        return bytes
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

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

/// Writing a file a person named on the command line, with the system's own reason when it fails.
public enum OutputFile {
    /// Writes `text` to `path`, replacing the file; a failure says why in the system's words.
    public static func write(_ text: String, to path: String) throws(InputFile.Problem) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw InputFile.Problem(message: "cannot write the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress!, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw InputFile.Problem(message: "cannot write the file: \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Creates the directory `path` and its missing parents; an existing directory is fine.
    public static func makeDirectory(_ path: String) throws(InputFile.Problem) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw InputFile.Problem(message: "cannot create the directory: a file of that name exists")
            }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw InputFile.Problem(message: "cannot create the directory: \(String(cString: strerror(errno)))")
        }
    }
}
