import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Adapters) import Insecurity
import SimUIKit
import SimulationTesting
import Testing

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
                try BridgeSnapshot.importLive(xml, builder: BridgeBuilder(registry: BridgeRegistry()))
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

    private let body = "<windows/><controllers/><hosts/><coordinators/></bridge-snapshot>"

    @Test("X6: an external entity pointing at a local file is never resolved")
    func externalEntity() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bridge-secret-\(UUID().uuidString).txt")
        try Data("TOP-SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE bridge-snapshot [<!ENTITY leak SYSTEM "\(secret.absoluteString)">]>
            <bridge-snapshot version="1"><windows/><controllers><controller id="x" type="T" title="&leak;"/></controllers><hosts/><coordinators/></bridge-snapshot>
            """
        expectRefused(xml, .forbiddenDoctype)
        do {
            _ = try BridgeSnapshot.parse(xml)
        } catch {
            #expect(!error.description.contains("TOP-SECRET"))
        }
    }

    @Test("X6: a billion-laughs document is refused at once")
    func billionLaughs() {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let xml =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE bridge-snapshot [\(entities)]>\n<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\"&lol9;\"/></controllers><hosts/><coordinators/></bridge-snapshot>"
        expectRefused(xml, .forbiddenDoctype)
    }

    @Test("X6: 100,000-deep nesting is refused with the position where the limit was crossed")
    func deepNesting() {
        let xml =
            "<bridge-snapshot version=\"1\">" + String(repeating: "<a>", count: 100_000)
            + String(repeating: "</a>", count: 100_000) + "</bridge-snapshot>"
        expectRefused(xml, .tooDeep)
    }

    @Test("X6: a 50 MB attribute is refused before parsing")
    func hugeAttribute() {
        let xml =
            "<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\""
            + String(repeating: "x", count: 50_000_000) + "\"/></controllers><hosts/><coordinators/></bridge-snapshot>"
        expectRefused(Array(xml.utf8), .tooLarge, positioned: false)
    }

    @Test("X6: an attribute under the size cap but over libxml2's own limit is refused with its position")
    func longAttribute() {
        let xml =
            "<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\""
            + String(repeating: "x", count: 11_000_000) + "\"/></controllers><hosts/><coordinators/></bridge-snapshot>"
        expectRefused(xml, .malformed)
    }

    @Test("X6: a truncated file gives an error with its position")
    func truncated() {
        let xml = "<?xml version=\"1.0\"?>\n<bridge-snapshot version=\"1\">\n  <windows>\n    <window id=\"w\" key=\"tr"
        expectRefused(xml, .malformed)
    }

    @Test("X6: invalid UTF-8 gives an error with its position")
    func invalidUTF8() {
        var bytes = Array(
            "<bridge-snapshot version=\"1\"><windows/><controllers><controller id=\"a\" type=\"T\" title=\"".utf8)
        bytes += [0xC3, 0x28, 0xFF]
        bytes += Array("\"/></controllers><hosts/><coordinators/></bridge-snapshot>".utf8)
        expectRefused(bytes, .malformed)
    }

    @Test("X4: an unknown element breaks the schema, reported with line and column")
    func unknownElement() throws {
        let xml =
            "<bridge-snapshot version=\"1\">\n  <windows/>\n  <controllers/>\n  <gadgets/>\n  <hosts/><coordinators/></bridge-snapshot>"
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
        let xml =
            "<bridge-snapshot version=\"1\">\n<windows><window id=\"w\" key=\"maybe\" visible=\"true\"/>\n<window key=\"true\" visible=\"true\"/></windows>\n<controllers/><hosts/><coordinators/></bridge-snapshot>"
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
        expectRefused("<bridge-snapshot version=\"5\">" + body, .unsupportedVersion)
    }

    @Test("X6: a duplicate id is refused")
    func duplicateID() {
        expectRefused(
            "<bridge-snapshot version=\"1\"><windows/><controllers>\n<controller id=\"a\" type=\"T\"/>\n<controller id=\"a\" type=\"T\"/></controllers><hosts/><coordinators/></bridge-snapshot>",
            .duplicateID)
    }

    @Test("X6: a dangling reference is refused")
    func danglingReference() {
        expectRefused(
            "<bridge-snapshot version=\"1\"><windows>\n<window id=\"w\" key=\"true\" visible=\"true\" root=\"ghost\"/></windows><controllers/><hosts/><coordinators/></bridge-snapshot>",
            .danglingReference)
    }

    @Test("X6: a cycle in coordinator parent links, or in containment, is refused")
    func cycles() {
        expectRefused(
            """
            <bridge-snapshot version="1"><windows/><controllers/><hosts/><coordinators>
            <coordinator id="a" framework="F" type="T" identifier="a" parent="b"/>
            <coordinator id="b" framework="F" type="T" identifier="b" parent="a"/>
            </coordinators></bridge-snapshot>
            """, .cycle)
        expectRefused(
            """
            <bridge-snapshot version="1"><windows/><controllers>
            <controller id="a" type="T"><child ref="b"/></controller>
            <controller id="b" type="T"><child ref="a"/></controller>
            </controllers><hosts/><coordinators/></bridge-snapshot>
            """, .cycle)
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
