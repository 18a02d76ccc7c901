@_spi(SchemaDifferential) import BridgeSnapshot
import Foundation
import Testing

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every `.xml` file under `folder` of the repository, leaving out build folders.
private func documents(under folder: String) -> [(name: String, bytes: [UInt8])] {
    let base = repository.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    var found: [(String, [UInt8])] = []
    while let path = enumerator?.nextObject() as? String {
        guard !path.contains(".build"),
            let data = FileManager.default.contents(atPath: base.appendingPathComponent(path).path)
        else { continue }
        if path.hasSuffix(".xml") || folder.hasPrefix("Fuzzing/corpus") {
            found.append(("\(folder)/\(path)", Array(data)))
        }
    }
    return found.sorted { $0.0 < $1.0 }
}

/// X4: the streaming validator keeps the published XSD's contract. Each document gets the same verdict from
/// the streaming validator as from libxml2's schema validator run the way `xmllint --schema` runs it (valid
/// or not, well-formed or not, and the line of the first problem); documents refused before either looks
/// (a document type declaration, over the size or depth limits) are left out and counted.
@Suite("X4: the streaming validator gives xmllint's verdict")
struct SchemaDifferentialTests {
    /// Compares the two verdicts on every document; returns how many were compared.
    @discardableResult
    private func expectSameVerdicts(
        _ documents: [(name: String, bytes: [UInt8])], sourceLocation: SourceLocation = #_sourceLocation
    ) -> (compared: Int, valid: Int) {
        var compared = 0
        var valid = 0
        for document in documents {
            guard let streaming = SchemaDifferential.streaming(document.bytes) else { continue }
            let libxml2 = SchemaDifferential.libxml2(document.bytes)
            #expect(
                streaming == libxml2, "\(document.name): streaming \(streaming), libxml2 \(libxml2)",
                sourceLocation: sourceLocation)
            compared += 1
            if libxml2 == SchemaDifferential.Verdict(wellFormed: true, firstProblemLine: nil) { valid += 1 }
        }
        return (compared, valid)
    }

    @Test("X4: every committed snapshot (goldens, earlier versions, fuzz regressions, examples) gets libxml2's verdict")
    func committedSnapshots() {
        let files = documents(under: "Tests") + documents(under: "Examples")
        let (compared, valid) = expectSameVerdicts(files)
        #expect(compared >= 20 && valid >= 15, "\(compared) compared, \(valid) valid")
    }

    @Test(
        "X4: right after a valid small document, every committed, hostile and fuzz-finding document still gets libxml2's verdict (one parse leaves nothing to the next)"
    )
    func afterAValidDocument() throws {
        let files = documents(under: "Tests") + HostileDocuments.all
        let valid = SchemaDifferential.Verdict(wellFormed: true, firstProblemLine: nil)
        let small = try #require(
            files.first { $0.bytes.count < 16_384 && SchemaDifferential.libxml2($0.bytes) == valid })
        let interleaved = files.flatMap { [small, $0] }
        let (compared, _) = expectSameVerdicts(interleaved)
        #expect(compared >= 2 * 30)
    }

    @Test("X4: every hostile document gets libxml2's verdict, or is refused before either validator looks")
    func hostileDocuments() {
        let (compared, _) = expectSameVerdicts(HostileDocuments.all)
        #expect(compared >= 10)
    }

    @Test("X4: every input of both snapshot fuzz corpora and of the differential fuzzer's gets libxml2's verdict")
    func fuzzCorpora() {
        let inputs =
            documents(under: "Fuzzing/corpus") + documents(under: "Fuzzing/corpus-import")
            + documents(under: "Fuzzing/corpus-differential")
        let (compared, valid) = expectSameVerdicts(inputs)
        #expect(compared >= 1_000 && valid >= 100, "\(compared) compared, \(valid) valid")
    }

    @Test("X4: one change at a time to a document using every declaration: elements, attributes, values, text")
    func everyDeclarationChanged() {
        let mutations = SchemaMutations.all()
        let (compared, valid) = expectSameVerdicts(mutations)
        #expect(compared >= 1_500 && valid >= 100, "\(compared) compared, \(valid) valid")
    }

    @Test("X4: asking for libxml2's validator as well accepts and refuses exactly what the streaming one does")
    func bothValidatorsOption() {
        for document in SchemaMutations.all() where SchemaDifferential.streaming(document.bytes) != nil {
            let streaming = (try? BridgeSnapshot.validate(document.bytes)) != nil
            let both = (try? BridgeSnapshot.validate(document.bytes, validation: .streamingAndLibxml2)) != nil
            #expect(streaming == both, "\(document.name)")
        }
    }

    @Test(
        "X4: xmllint --schema itself gives the same verdicts on the committed snapshots and the hostile documents",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"), "needs xmllint (libxml2-utils)")
    )
    func xmllintAgrees() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var compared = 0
        let all =
            documents(under: "Tests") + HostileDocuments.all.filter { $0.bytes.count < 1_000_000 }
            + SchemaMutations.all().enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        for (index, document) in all.enumerated() {
            guard let streaming = SchemaDifferential.streaming(document.bytes) else { continue }
            let file = folder.appendingPathComponent("\(index).xml")
            try Data(document.bytes).write(to: file)
            let verdict = try xmllint(file)
            #expect(streaming == verdict, "\(document.name): streaming \(streaming), xmllint \(verdict)")
            compared += 1
        }
        #expect(compared >= 150)
    }

    /// Runs `xmllint --noout --nonet --schema` on `file` and reads its verdict from its exit status and the
    /// line numbers it prints.
    private func xmllint(_ file: URL) throws -> SchemaDifferential.Verdict {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--nonet", "--schema", SnapshotSchema.url.path, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let prefix = file.path + ":"
        let lines = output.split(separator: "\n").compactMap { line -> (Int, Bool)? in
            guard line.hasPrefix(prefix) else { return nil }
            let rest = line.dropFirst(prefix.count)
            guard let number = Int(rest.prefix { $0.isNumber }) else { return nil }
            return (number, rest.contains("parser error"))
        }
        if process.terminationStatus == 0 { return .init(wellFormed: true, firstProblemLine: nil) }
        if let parserError = lines.first(where: \.1) {
            return .init(wellFormed: false, firstProblemLine: parserError.0)
        }
        return .init(wellFormed: true, firstProblemLine: lines.map(\.0).min())
    }
}
