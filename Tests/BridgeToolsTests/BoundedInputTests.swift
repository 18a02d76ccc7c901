import BridgeTools
import Foundation
import Testing

/// Hostile files and scripts given to the command line: every bound is asserted on what was read or
/// reported, never on time.
@Suite("Bounded input")
struct BoundedInputTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func problem(_ path: String, limit: Int = 1 << 20) -> String? {
        do {
            _ = try InputFile.read(path, limit: limit)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("A 1 GiB sparse file is refused by its size before a byte is read")
    func hugeFileRefusedBySize() throws {
        let file = try directory().appendingPathComponent("huge.xml")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        #expect(problem(file.path, limit: 16 << 20) == "is 1024.0 MiB, over the 16.0 MiB limit")
    }

    @Test("At most the limit is read: a file exactly at the limit is read whole, one byte more is refused")
    func limitIsExact() throws {
        let folder = try directory()
        let atLimit = folder.appendingPathComponent("at.xml")
        let over = folder.appendingPathComponent("over.xml")
        try Data(repeating: 65, count: 1_000).write(to: atLimit)
        try Data(repeating: 65, count: 1_001).write(to: over)
        #expect(try InputFile.read(atLimit.path, limit: 1_000).count == 1_000)
        #expect(problem(over.path, limit: 1_000)?.hasPrefix("is 0.0 MiB, over the") == true)
    }

    @Test("Empty files, directories, FIFOs and devices are named for what they are")
    func notRegularFiles() throws {
        let folder = try directory()
        let empty = folder.appendingPathComponent("empty.xml")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(problem(empty.path) == "is empty")
        #expect(problem(folder.path) == "is a directory, not a regular file; give the path of a file")
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(problem(fifo.path) == "is a FIFO (named pipe), not a regular file; give the path of a file")
        #expect(problem("/dev/zero") == "is a character device, not a regular file; give the path of a file")
        #expect(problem(folder.appendingPathComponent("missing.xml").path)?.hasPrefix("cannot read the file: ") == true)
    }

    @Test("A script of a million bad lines reports at most maxProblems problems, plus one saying more follow")
    func problemsAreCapped() {
        let script = String(repeating: "frobnicate x\n", count: 1_000_000)
        #expect(throws: JourneyScriptError.self) { try JourneyScript(script) }
        let smaller = String(repeating: "frobnicate x\n", count: 50_000)
        do {
            _ = try JourneyScript(smaller)
            Issue.record("the script parsed")
        } catch {
            #expect(error.problems.count == JourneyScript.maxProblems + 1)
            #expect(error.problems.last?.message == "more problems follow; fix the ones above first")
        }
    }

    @Test("Scripts over the size limit and lines over the length limit are refused without echoing them")
    func longInputsRefused() {
        let huge = String(repeating: "wait\n", count: JourneyScript.maxBytes / 5 + 1)
        do {
            _ = try JourneyScript(huge)
            Issue.record("the script parsed")
        } catch {
            #expect(error.problems.count == 1)
            #expect(error.problems[0].message.hasSuffix("over the \(JourneyScript.maxBytes)-byte limit"))
        }
        let longLine = "back " + String(repeating: "x", count: 50_000)
        do {
            _ = try JourneyScript(longLine)
            Issue.record("the script parsed")
        } catch {
            #expect(
                error.problems.map(\.message) == ["the line is 50005 characters long, over the 1000-character limit"])
            #expect(error.description.utf8.count < 200)
        }
    }

    @Test("Control characters in a script are escaped in messages, and echoed words are cut short")
    func controlCharactersEscaped() {
        do {
            _ = try JourneyScript("\u{1B}[31mred " + "\nfrob" + String(repeating: "y", count: 100))
            Issue.record("the script parsed")
        } catch {
            #expect(!error.description.contains("\u{1B}"))
            #expect(error.problems[0].message.contains("\\u{1B}[31mred"))
            #expect(error.problems[1].message.contains("…"))
            #expect(error.problems[1].message.utf8.count < 160)
        }
    }
}
