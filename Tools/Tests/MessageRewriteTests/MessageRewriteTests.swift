import Foundation
import MessageRewrite
import Testing

private let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
/// The root package's tests, where the rewritten output is compiled (RewrittenMessagesTests).
private let rootTests = tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests")

@Suite("rewrite-messages: @objc responder messages into typed messages")
struct MessageRewriteTests {
    private let names = ["ShopMessages", "ShopCoordinators", "ReadmeBefore"]

    private func fixtures() throws -> [MessageRewrite.File] {
        try names.map { name in
            let url = tests.appendingPathComponent("MessageRewriteTests/Fixtures/\(name).swift.txt")
            return MessageRewrite.File(name: "\(name).swift", text: try String(contentsOf: url, encoding: .utf8))
        }
    }

    @Test(
        "A4, A9: the fixtures rewrite to the committed output, byte for byte; RewrittenMessagesTests compiles and runs it"
    )
    func fixturesRewriteToTheCommittedOutput() throws {
        let rewritten = MessageRewrite.rewrite(try fixtures())
        for file in rewritten {
            let committed = try String(
                contentsOf: rootTests.appendingPathComponent("RewrittenMessagesTests/Rewritten/\(file.name)"),
                encoding: .utf8)
            #expect(file.text == committed, "\(file.name) differs from the committed output")
        }
    }

    @Test("Files without messages are kept byte for byte, and a rewrite of the output changes nothing")
    func otherCodeIsKept() throws {
        let plain = MessageRewrite.File(
            name: "Plain.swift", text: "import Foundation\n\n// A comment.\nstruct Point { var x = 0 }\n")
        #expect(MessageRewrite.rewrite([plain]) == [plain])
        let once = MessageRewrite.rewrite(try fixtures())
        #expect(MessageRewrite.rewrite(once) == once, "the output has no @objc messages or overrides left to rewrite")
    }
}
