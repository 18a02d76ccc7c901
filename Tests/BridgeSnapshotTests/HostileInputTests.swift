import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Adapters) import Insecurity
import SimUIKit
import SimulationTesting
import Testing

/// The hostile and broken documents of this suite; `SchemaDifferentialTests` also runs each through both
/// schema validators.
enum HostileDocuments {
    static let body = "<windows/><controllers/><hosts/><coordinators/></bridge-snapshot>"

    static func externalEntity(reading secret: URL) -> String {
        """
        <?xml version="1.0"?>
        <!DOCTYPE bridge-snapshot [<!ENTITY leak SYSTEM "\(secret.absoluteString)">]>
        <bridge-snapshot version="1"><windows/><controllers><controller id="x" type="T" title="&leak;"/></controllers><hosts/><coordinators/></bridge-snapshot>
        """
    }

    static var billionLaughs: String {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return
            "<?xml version=\"1.0\"?>\n<!DOCTYPE bridge-snapshot [\(entities)]>\n<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\"&lol9;\"/></controllers><hosts/><coordinators/></bridge-snapshot>"
    }

    static var deepNesting: String {
        "<bridge-snapshot version=\"1\">" + String(repeating: "<a>", count: 100_000)
            + String(repeating: "</a>", count: 100_000) + "</bridge-snapshot>"
    }

    static func titleAttribute(of length: Int) -> String {
        "<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\""
            + String(repeating: "x", count: length) + "\"/></controllers><hosts/><coordinators/></bridge-snapshot>"
    }

    static let truncated =
        "<?xml version=\"1.0\"?>\n<bridge-snapshot version=\"1\">\n  <windows>\n    <window id=\"w\" key=\"tr"

    static var invalidUTF8: [UInt8] {
        Array("<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\"".utf8)
            + [0xC3, 0x28, 0xFF] + Array("\"/></controllers><hosts/><coordinators/></bridge-snapshot>".utf8)
    }

    static let unknownElement =
        "<bridge-snapshot version=\"1\">\n  <windows/>\n  <controllers/>\n  <gadgets/>\n  <hosts/><coordinators/></bridge-snapshot>"

    static let everyError =
        "<bridge-snapshot version=\"1\">\n<windows><window id=\"w\" key=\"maybe\" visible=\"true\"/>\n<window key=\"true\" visible=\"true\"/></windows>\n<controllers/><hosts/><coordinators/></bridge-snapshot>"

    static let otherVersion = "<bridge-snapshot version=\"6\">" + body

    static let duplicateID =
        "<bridge-snapshot version=\"1\"><windows/><controllers>\n<controller id=\"a\" type=\"T\"/>\n<controller id=\"a\" type=\"T\"/></controllers><hosts/><coordinators/></bridge-snapshot>"

    static let danglingReference =
        "<bridge-snapshot version=\"1\"><windows>\n<window id=\"w\" key=\"true\" visible=\"true\" root=\"ghost\"/></windows><controllers/><hosts/><coordinators/></bridge-snapshot>"

    static let coordinatorCycle = """
        <bridge-snapshot version="1"><windows/><controllers/><hosts/><coordinators>
        <coordinator id="a" framework="F" type="T" identifier="a" parent="b"/>
        <coordinator id="b" framework="F" type="T" identifier="b" parent="a"/>
        </coordinators></bridge-snapshot>
        """

    static let containmentCycle = """
        <bridge-snapshot version="1"><windows/><controllers>
        <controller id="a" type="T"><child ref="b"/></controller>
        <controller id="b" type="T"><child ref="a"/></controller>
        </controllers><hosts/><coordinators/></bridge-snapshot>
        """

    /// Every document, named.
    static var all: [(name: String, bytes: [UInt8])] {
        let texts: [(String, String)] = [
            ("external entity", externalEntity(reading: URL(fileURLWithPath: "/etc/hostname"))),
            ("billion laughs", billionLaughs), ("deep nesting", deepNesting),
            ("50 MB attribute", titleAttribute(of: 50_000_000)), ("11 MB attribute", titleAttribute(of: 11_000_000)),
            ("truncated", truncated), ("unknown element", unknownElement), ("every error", everyError),
            ("other version", otherVersion), ("duplicate id", duplicateID), ("dangling reference", danglingReference),
            ("coordinator cycle", coordinatorCycle), ("containment cycle", containmentCycle),
        ]
        return texts.map { ($0.0, Array($0.1.utf8)) } + [("invalid UTF-8", invalidUTF8)]
    }
}

@MainActor
@Suite("Hostile and broken input", .cleanSimulatedWorld)
struct HostileInputTests {
    /// Parses and imports `bytes`, expecting an issue of `kind` at a real position, no crash, and no
    /// change to existing windows or hosts.
    private func expectRefused(
        _ bytes: [UInt8], _ kind: SnapshotIssue.Kind, positioned: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let scene = Scenes.stackAndModalChain()
        let window = scene[0] as! UIWindow
        let before = window.hierarchyDescription()
        let hosts = InsecurityHost.hosts(in: [window]).count
        do {
            _ = try BridgeSnapshot.parse(bytes)
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.issues.contains { $0.kind == kind }, "\(error)", sourceLocation: sourceLocation)
            if positioned {
                #expect(
                    error.issues.allSatisfy { $0.line > 0 && $0.column > 0 }, "\(error)", sourceLocation: sourceLocation
                )
            }
        }
        if let xml = String(validating: bytes, as: UTF8.self) {
            #expect(throws: SnapshotError.self, sourceLocation: sourceLocation) {
                try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
            }
        }
        #expect(window.hierarchyDescription() == before, sourceLocation: sourceLocation)
        #expect(InsecurityHost.hosts(in: [window]).count == hosts, sourceLocation: sourceLocation)
    }

    private func expectRefused(
        _ xml: String, _ kind: SnapshotIssue.Kind, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectRefused(Array(xml.utf8), kind, sourceLocation: sourceLocation)
    }

    @Test("X6: an external entity pointing at a local file is never resolved")
    func externalEntity() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bridge-secret-\(UUID().uuidString).txt")
        try Data("TOP-SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = HostileDocuments.externalEntity(reading: secret)
        expectRefused(xml, .forbiddenDoctype)
        do {
            _ = try BridgeSnapshot.parse(xml)
        } catch {
            #expect(!error.description.contains("TOP-SECRET"))
        }
    }

    @Test("X6: a billion-laughs document is refused at once")
    func billionLaughs() {
        expectRefused(HostileDocuments.billionLaughs, .forbiddenDoctype)
    }

    @Test("X6: 100,000-deep nesting is refused with the position where the limit was crossed")
    func deepNesting() {
        expectRefused(HostileDocuments.deepNesting, .tooDeep)
    }

    @Test("X6: a 50 MB attribute is refused before parsing")
    func hugeAttribute() {
        expectRefused(Array(HostileDocuments.titleAttribute(of: 50_000_000).utf8), .tooLarge, positioned: false)
    }

    @Test("X6: an attribute under the size cap but over libxml2's own limit is refused with its position")
    func longAttribute() {
        expectRefused(HostileDocuments.titleAttribute(of: 11_000_000), .malformed)
    }

    @Test("X6: a snapshot in another encoding than UTF-8 is refused before parsing, whatever it declares")
    func otherEncodings() {
        let body = "<bridge-snapshot version=\"4\">" + HostileDocuments.body
        expectRefused("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n" + body, .malformed)
        expectRefused("<?xml version='1.0' encoding = 'ISO-8859-1'?>" + body, .malformed)
        expectRefused([0xFF, 0xFE] + Array(body.utf8).flatMap { [$0, 0] }, .malformed)
        expectRefused(Array(body.utf8).flatMap { [$0, 0] }, .malformed)
        #expect((try? BridgeSnapshot.parse("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body)) != nil)
        #expect((try? BridgeSnapshot.parse([0xEF, 0xBB, 0xBF] + Array(body.utf8))) != nil, "a UTF-8 byte order mark")
    }

    @Test(
        "X6, X4: a document that is not well-formed reports only the parser's errors, whatever the schema would say of what was read before"
    )
    func notWellFormedIsJudgedOnThatAlone() throws {
        // Schema problems early on, far more than one chunk of the parser's input before the break.
        let controllers = (0..<4_000).map { "<controller id=\"c\($0)\" type=\"T\" bogus=\"1\"/>" }.joined()
        let xml = "<bridge-snapshot version=\"5\"><windows><unexpected/></windows><controllers>\(controllers)<broken"
        #expect(xml.utf8.count > 128 * 1024)
        let error = try #require(throws: SnapshotError.self) { try BridgeSnapshot.parse(xml) }
        #expect(!error.issues.isEmpty)
        #expect(error.issues.allSatisfy { $0.kind == .malformed }, "\(error.issues.prefix(3))")
    }

    @Test("X6: a truncated file gives an error with its position")
    func truncated() {
        expectRefused(HostileDocuments.truncated, .malformed)
    }

    @Test("X6: invalid UTF-8 gives an error with its position")
    func invalidUTF8() {
        expectRefused(HostileDocuments.invalidUTF8, .malformed)
    }

    @Test("X4: an unknown element breaks the schema, reported with line and column")
    func unknownElement() throws {
        let xml = HostileDocuments.unknownElement
        expectRefused(xml, .schemaViolation)
        do {
            _ = try BridgeSnapshot.parse(xml)
        } catch {
            #expect(error.issues.first?.line == 4)
            #expect(error.issues.first?.message.contains("gadgets") == true)
        }
    }

    @Test("X4: every schema error is reported, not just the first")
    func everyError() {
        let xml = HostileDocuments.everyError
        do {
            _ = try BridgeSnapshot.parse(xml)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.count == 2)
            #expect(error.issues.map(\.line) == [2, 3])
        }
    }

    @Test("X4: a snapshot of another format version is refused")
    func otherVersion() {
        expectRefused(HostileDocuments.otherVersion, .unsupportedVersion)
    }

    @Test("X6: a duplicate id is refused")
    func duplicateID() {
        expectRefused(HostileDocuments.duplicateID, .duplicateID)
    }

    @Test("X6: a dangling reference is refused")
    func danglingReference() {
        expectRefused(HostileDocuments.danglingReference, .danglingReference)
    }

    @Test("X6: a cycle in coordinator parent links, or in containment, is refused")
    func cycles() {
        expectRefused(HostileDocuments.coordinatorCycle, .cycle)
        expectRefused(HostileDocuments.containmentCycle, .cycle)
    }

    @Test("X6: a containment cycle between ordinary parents and children is reported on exactly its controllers")
    func containmentCycleAmongOthers() {
        // Parents and children before the cycle and after it: each is walked on its own.
        let xml = """
            <bridge-snapshot version="1"><windows/><controllers>
            <controller id="p" type="T"><child ref="q"/></controller>
            <controller id="q" type="T"/>
            <controller id="a" type="T"><child ref="b"/></controller>
            <controller id="b" type="T"><child ref="a"/></controller>
            <controller id="r" type="T"><child ref="s"/></controller>
            <controller id="s" type="T"/>
            </controllers><hosts/><coordinators/></bridge-snapshot>
            """
        #expect {
            _ = try BridgeSnapshot.parse(xml)
        } throws: { error in
            let cycles = (error as? SnapshotError)?.issues.filter { $0.kind == .cycle }.map(\.message) ?? []
            return cycles == ["controller \"a\" contains itself", "controller \"b\" contains itself"]
        }
    }

    /// A version-3 document around `coordinators` and `hosts`: a window whose root `r` holds `s`.
    private func document(hosts: String = "", coordinators: String) -> String {
        """
        <bridge-snapshot version="3"><windows><window id="w" key="true" visible="true" root="r"/></windows>
        <controllers><controller id="r" type="UINavigationController" container="navigation"><child ref="s"/></controller>
        <controller id="s" type="T"/></controllers>
        <hosts>\(hosts)</hosts>
        <coordinators>\(coordinators)</coordinators></bridge-snapshot>
        """
    }

    @Test(
        "X3: a document that contradicts itself is refused where it does (a parent that does not list its child, a child listed twice, two frames of one controller), since no import could give it back",
        arguments: [
            (
                """
                <coordinator id="a" framework="F" type="T" identifier="a" root="r"/>
                <coordinator id="b" framework="F" type="T" identifier="b" root="r" parent="a"/>
                """, "", "names \"a\" as its parent, which does not list it as a child"
            ),
            (
                """
                <coordinator id="a" framework="F" type="T" identifier="a" root="r"><child ref="b"/><child ref="b"/></coordinator>
                <coordinator id="b" framework="F" type="T" identifier="b" root="r" parent="a"/>
                """, "", "lists \"b\" as a child twice"
            ),
            (
                "",
                """
                <host id="h" base="navigation" on="r"><frame kind="push" state="shown" coordinator="C" controller="s"/>
                <frame kind="push" state="shown" coordinator="C" controller="s"/></host>
                """, "which another frame shows already"
            ),
        ])
    func contradictions(coordinators: String, hosts: String, message: String) {
        let xml = document(hosts: hosts, coordinators: coordinators)
        #expect(throws: SnapshotError.self) { try BridgeSnapshot.parse(xml) }
        do {
            _ = try BridgeSnapshot.parse(xml)
        } catch {
            #expect(error.issues.contains { $0.message.contains(message) && $0.line > 1 }, "\(error)")
        }
    }

    @Test("X6: empty input and plain garbage are errors, not crashes")
    func garbage() {
        #expect(throws: SnapshotError.self) { try BridgeSnapshot.parse("") }
        expectRefused("not xml at all", .malformed)
    }
}
