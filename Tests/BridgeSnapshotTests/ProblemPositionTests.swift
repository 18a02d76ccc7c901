import BridgeSnapshot
import CoordinatorBridge
import Foundation
import SimulationTesting
import Testing

/// A document with one problem, its expected kind, and where it is: the line and column of the element
/// (or, for libxml2's own errors, the character) at fault.
private struct Placed: Sendable, CustomTestStringConvertible {
    let name: String
    let xml: String
    let kind: SnapshotIssue.Kind
    let line: Int
    let column: Int
    /// Text the problem's message contains, when the document has others of its kind.
    var mentioning: String?

    var testDescription: String { name }
}

/// The body of a valid version 4 document, indented as the writer indents, with `controllers` spliced in.
private func document(
    version: String = "4", controllers: String, hosts: String = "  <hosts/>", coordinators: String = "  <coordinators/>"
) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <bridge-snapshot version="\(version)">
      <windows>
        <window id="w" key="true" visible="true" root="nav"/>
      </windows>
      <controllers>
    \(controllers)
      </controllers>
    \(hosts)
    \(coordinators)
    </bridge-snapshot>
    """
}

private let navigation = """
        <controller id="nav" type="UINavigationController" container="navigation">
          <child ref="home"/>
        </controller>
        <controller id="home" type="UIViewController"/>
    """

private let cases: [Placed] = [
    Placed(
        name: "a dangling child reference",
        xml: document(
            controllers: navigation
                + "\n        <controller id=\"x\" type=\"T\">\n          <child ref=\"ghost\"/>\n        </controller>"),
        kind: .danglingReference, line: 12, column: 11, mentioning: "ghost"),
    Placed(
        name: "an unsupported version", xml: document(version: "9", controllers: navigation),
        kind: .unsupportedVersion, line: 2, column: 1),
    Placed(
        name: "a duplicate id",
        xml: document(controllers: navigation + "\n        <controller id=\"home\" type=\"T\"/>"),
        kind: .duplicateID, line: 11, column: 9),
    Placed(
        name: "a schema violation: an element the format does not have",
        xml: document(controllers: navigation + "\n        <screen id=\"s\"/>"),
        kind: .schemaViolation, line: 11, column: 9),
    Placed(
        name: "a schema violation: an attribute value out of its type",
        xml: document(
            controllers: navigation.replacingOccurrences(of: "container=\"navigation\"", with: "container=\"drawer\"")),
        kind: .schemaViolation, line: 7, column: 5),
    Placed(
        name: "a version-4 attribute in a version 3 document",
        xml: document(
            version: "3",
            controllers: navigation
                + "\n        <controller id=\"p\" type=\"UIPageViewController\" container=\"page\" vertical=\"true\"/>"),
        kind: .schemaViolation, line: 11, column: 9),
    Placed(
        name: "a tab index out of range",
        xml: document(
            controllers: navigation
                + "\n        <controller id=\"tabs\" type=\"UITabBarController\" container=\"tabBar\" selected=\"3\">\n          <child ref=\"t1\"/>\n        </controller>\n        <controller id=\"t1\" type=\"T\"/>"
        ),
        kind: .schemaViolation, line: 11, column: 9),
    Placed(
        name: "a controller held by two containers",
        xml: document(
            controllers: navigation
                + "\n        <controller id=\"other\" type=\"UINavigationController\" container=\"navigation\">\n          <child ref=\"home\"/>\n        </controller>"
        ),
        kind: .cycle, line: 12, column: 11),
    Placed(
        name: "a coordinator naming a missing root",
        xml: document(
            controllers: navigation,
            coordinators:
                "  <coordinators>\n    <coordinator id=\"c\" framework=\"F\" type=\"T\" identifier=\"t\" root=\"nowhere\"/>\n  </coordinators>"
        ),
        kind: .danglingReference, line: 14, column: 5),
    Placed(
        name: "malformed XML: an unclosed tag",
        xml: document(controllers: navigation + "\n        <controller id=\"broken\""),
        kind: .malformed, line: 12, column: 3),
]

@MainActor
@Suite("X4, X13: every problem names the line and column of the element at fault", .cleanSimulatedWorld)
struct ProblemPositionTests {
    @Test("X6, X13: a document type declaration, too deep a nesting and too large a file are placed too")
    func hostilePositions() {
        func issue(_ xml: String, limits: SnapshotLimits = SnapshotLimits(), kind: SnapshotIssue.Kind? = nil)
            -> SnapshotIssue?
        {
            do {
                _ = try BridgeSnapshot.parse(xml, limits: limits)
                return nil
            } catch { return error.issues.first { kind == nil || $0.kind == kind } }
        }
        let doctype = issue("<?xml version=\"1.0\"?>\n  <!DOCTYPE x [<!ENTITY a \"b\">]>\n<bridge-snapshot/>")
        #expect(doctype.map { "\($0.kind) \($0.line):\($0.column)" } == "forbiddenDoctype 2:3")
        let deep = issue(document(controllers: navigation), limits: SnapshotLimits(maxDepth: 3), kind: .tooDeep)
        #expect(deep.map { "\($0.kind) \($0.line):\($0.column)" } == "tooDeep 8:7", "the first element too deep")
        let large = issue(document(controllers: navigation), limits: SnapshotLimits(maxBytes: 10))
        #expect(large.map { "\($0.kind) \($0.line):\($0.column)" } == "tooLarge 1:1")
    }

    @Test("X5, X13: a problem the import finds is placed at the element of what could not be rebuilt")
    func unbuildablePositions() throws {
        let xml = document(
            controllers: navigation,
            coordinators:
                "  <coordinators>\n    <coordinator id=\"c\" framework=\"Unregistered\" type=\"T\" identifier=\"t\" root=\"nav\"/>\n  </coordinators>"
        )
        do {
            _ = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
            Issue.record("imported a coordinator no plugin rebuilds")
        } catch {
            let issue = try #require(error.issues.first)
            #expect("\(issue.kind) \(issue.line):\(issue.column)" == "unbuildable 14:5", "\(issue.message)")
        }
    }

    @Test("X4, X13: the element at fault, for each kind of problem", arguments: cases)
    fileprivate nonisolated func position(of placed: Placed) throws {
        do {
            _ = try BridgeSnapshot.parse(placed.xml)
            Issue.record("accepted: \(placed.name)")
        } catch {
            let issue = try #require(
                error.issues.first { $0.kind == placed.kind && placed.mentioning.map($0.message.contains) ?? true },
                "\(error.issues)")
            #expect(
                "\(issue.line):\(issue.column)" == "\(placed.line):\(placed.column)",
                "\(placed.name): \(issue.message)\n\(numbered(placed.xml))")
        }
    }

    private nonisolated func numbered(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            "\($0.offset + 1)\t\($0.element)"
        }
        .joined(separator: "\n")
    }
}
