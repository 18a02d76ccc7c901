import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// The lines of `text` without `import` lines, blank lines and indentation, joined: what a README block and
/// the snippet that compiles it have in common however the snippet nests it.
private func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        .joined(separator: "\n")
}

@Suite("Documentation")
struct DocumentationTests {
    /// The normalized text of every Swift file that is compiled: this target's snippets and tests, the rewrite
    /// tool's output (RewrittenMessagesTests), and the integration example (scripts/integration-example).
    private func compiledSources() throws -> [String] {
        var sources: [String] = []
        for directory in [
            "Tests/DocumentationTests", "Tests/RewrittenMessagesTests/Rewritten", "Examples/AppIntegration",
            "Examples/TestFirstNavigation",
        ] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift"), !path.contains(".build/") else { continue }
                sources.append(normalized(try read("\(directory)/\(path)")))
            }
        }
        return sources
    }

    /// The Swift blocks of the Markdown file at `path`, leaving out manifests, which are not source files
    /// (scripts/readme-check builds a package from the installation one).
    private func swiftBlocks(of path: String) throws -> [String] {
        var text = try read(path)
        for marker in ["<!-- readme-check: Package.swift -->", "<!-- manifest fragment -->"] {
            text = text.replacingOccurrences(of: "\(marker)\n```swift\n", with: "```manifest\n")
        }
        return text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    /// The README and the guides it links to (`docs/`).
    private func guidePages() throws -> [String] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + guides
    }

    @Test("Every Swift block of the README and its guides compiles: it appears in a compiled snippet, test or example")
    func readmeBlocksCompile() throws {
        let sources = try compiledSources()
        var count = 0
        for page in try guidePages() {
            let blocks = try swiftBlocks(of: page)
            count += blocks.count
            for block in blocks {
                let text = normalized(block)
                #expect(sources.contains { $0.contains(text) }, "\(page) block not in compiled sources:\n\(text)")
            }
        }
        #expect(count >= 6)
    }

    @Test("The README's import block is, line for line, the one both import-setup examples compile")
    func importBlockIsTheExamplesOne() throws {
        let readme = try read("README.md")
        let afterHeading = try #require(readme.components(separatedBy: "**The import block.**").dropFirst().first)
        let block = try #require(afterHeading.components(separatedBy: "```swift\n").dropFirst().first)
            .components(separatedBy: "```")[0]
        #expect(block.contains("#elseif canImport(BridgeInsecurity)"))
        for example in ["AppIntegration", "TestFirstNavigation"] {
            let shared = try read("Examples/\(example)/Sources/ShopNavigation/Checkout.swift")
            #expect(shared.contains(block), "Examples/\(example) does not start with the README's import block")
        }
    }

    @Test("The README stays an entry page: at most 250 lines, the rest in its guides")
    func readmeIsShort() throws {
        #expect(try read("README.md").split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
    }

    @Test("Every Swift block of the DocC articles compiles, and every module's landing page has one")
    func doccBlocksCompile() throws {
        let sources = try compiledSources()
        var catalogs: [String] = []
        for parent in ["Sources", "Adapters"] {
            for module in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(parent).path)
            {
                let catalog = "\(parent)/\(module)/Documentation.docc"
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(catalog).path) {
                    catalogs.append(catalog)
                }
            }
        }
        #expect(catalogs.count >= 9)
        for catalog in catalogs {
            let articles = try FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(catalog).path
            )
            .filter { $0.hasSuffix(".md") }
            let module = catalog.split(separator: "/")[1]
            #expect(try !swiftBlocks(of: "\(catalog)/\(module).md").isEmpty, "\(module)'s landing page has no code")
            for article in articles {
                for block in try swiftBlocks(of: "\(catalog)/\(article)") {
                    let text = normalized(block)
                    #expect(
                        sources.contains { $0.contains(text) },
                        "\(catalog)/\(article): block not in compiled sources:\n\(text)")
                }
            }
        }
    }

    @Test("Every rule code cited in code and tests has an entry in RULES.md")
    func rulesAreDocumented() throws {
        let rules = try read("RULES.md")
        var cited = Set<String>()
        let pattern = try NSRegularExpression(pattern: "\\b[SEAX][0-9]{1,2}\\b")
        for directory in ["Sources", "Adapters", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let text = try read("\(directory)/\(path)")
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    cited.insert(String(text[Range(match.range, in: text)!]))
                }
            }
        }
        #expect(cited.count > 40)
        for code in cited.sorted() {
            #expect(rules.contains("- **\(code). "), "\(code) is cited but RULES.md has no entry for it")
        }
    }

    @Test("The README and its guides point only inside the repository, at files that exist")
    func readmeLinksStayInside() throws {
        for page in try guidePages() {
            let text = try read(page)
            let folder = root.appendingPathComponent(page).deletingLastPathComponent()
            let links = try NSRegularExpression(pattern: "\\]\\(([^)#]+)").matches(
                in: text, range: NSRange(text.startIndex..., in: text))
            for match in links {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                guard !target.hasPrefix("http") else { continue }
                let resolved = folder.appendingPathComponent(target).standardizedFileURL
                #expect(
                    resolved.path.hasPrefix(root.standardizedFileURL.path),
                    "\(page) refers to \(target), outside the repository")
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(page) links to missing \(target)")
            }
        }
        // The one path outside: where the installation snippet expects a clone of this package.
        let readme = try read("README.md").replacingOccurrences(of: "path: \"../CoordinatorBridge\"", with: "")
        #expect(!readme.contains("../"), "the README refers to a path outside the repository")
    }

    @Test("S21: every row of SimUIKit's fidelity table has a source, a status and a test that exists")
    func fidelityTableRowsAreComplete() throws {
        let table = try read("Sources/SimUIKit/Documentation.docc/Fidelity.md")
        var testSources = ""
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Tests").path)
        while let file = enumerator?.nextObject() as? String {
            if file.hasSuffix(".swift") { testSources += try read("Tests/\(file)") }
        }
        let statuses = ["Matches", "Differs", "Unsourced"]
        var rows = 0
        for line in table.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| Behaviour") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 5, "a row needs behaviour, source, SimUIKit, status and test: \(line)")
            guard cells.count == 5 else { continue }
            rows += 1
            #expect(!cells[1].isEmpty, "no source (write Unsourced): \(cells[0])")
            #expect(statuses.contains { cells[3].hasPrefix($0) }, "no status: \(cells[0])")
            // Each test is named in backquotes as `Suite` or `Suite.function`.
            let names = cells[4].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset % 2 == 1
            }.map { String($0.element) }
            if names.isEmpty {
                #expect(
                    cells[3].hasPrefix("Differs"), "only a difference not yet modelled may lack a test: \(cells[0])")
            }
            for name in names {
                let parts = name.split(separator: ".")
                #expect(testSources.contains("struct \(parts[0])"), "no test suite \(parts[0]) for \(cells[0])")
                if parts.count > 1 {
                    #expect(testSources.contains("func \(parts[1])("), "no test \(name) for \(cells[0])")
                }
            }
        }
        #expect(rows >= 40, "S21 asks for every modelled behaviour: 40 rows or more")
    }
}
