import SwiftParser
import SwiftSyntax

/// Rewrites the responder messages of the original coordinator library into the adapter's typed messages
/// (A4, A9): each `@objc` method of an `extension UIResponder` that forwards to `coordinatingResponder`
/// keeps its signature and sends a message value instead (`send` or, when it returns a value, `ask`); a
/// struct per message carries its parameters; and each coordinator's `override` of a message becomes a
/// handler method reached through `handle(_:)` or `answer(_:)`, so that call sites stay as they are.
///
/// Files are rewritten together, so that an override in a subclass of a coordinator that already handles
/// the message stays an override of its handler. Everything else in the files is kept byte for byte.
public enum MessageRewrite {
    /// A source file: its name (for messages) and its text.
    public struct File: Equatable, Sendable {
        public var name: String
        public var text: String

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// Rewrites `files` together and returns them in the same order.
    public static func rewrite(_ files: [File]) -> [File] {
        let trees = files.map { Parser.parse(source: $0.text) }
        let messages = Message.named(trees.flatMap(Message.declared(in:)))
        let classes = ClassIndex(trees: trees, messages: messages)
        return zip(files, trees).map { file, tree in
            var edits: [Edit] = []
            for statement in tree.statements {
                edits += Message.edits(for: statement.item, messages: messages)
                edits += classes.edits(for: statement.item)
            }
            return File(name: file.name, text: Edit.apply(edits, to: file.text))
        }
    }
}

/// A replacement of a byte range of a file's text.
struct Edit {
    let range: Range<Int>
    let replacement: String

    init(replacing node: some SyntaxProtocol, with replacement: String) {
        range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        self.replacement = replacement
    }

    /// Removes `node` and the spaces after it, keeping the line's indentation.
    init(removing node: some SyntaxProtocol) {
        range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPosition.utf8Offset
        replacement = ""
    }

    init(insertingAt offset: Int, _ text: String) {
        range = offset..<offset
        replacement = text
    }

    static func apply(_ edits: [Edit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One `@objc` message of an `extension UIResponder`.
struct Message {
    struct Parameter {
        let label: String?
        let name: String
        let type: String
    }

    let baseName: String
    let parameters: [Parameter]
    /// The answer type of a message that returns a value (an optional's wrapped type), or nil.
    let answer: String?
    /// The name of the message's type: the method's base name, capitalized, and, when two messages share
    /// that name, their labels too (see ``named(_:)``).
    private(set) var typeName: String

    /// `name(label:label:)`, as Swift names a function.
    var selector: String { Self.selector(baseName, parameters.map(\.label)) }
    var handlerName: String { (answer == nil ? "handle" : "answer") + typeName }

    static func selector(_ baseName: String, _ labels: [String?]) -> String {
        "\(baseName)(\(labels.map { "\($0 ?? "_"):" }.joined()))"
    }

    init(_ function: FunctionDeclSyntax) {
        baseName = function.name.text
        parameters = function.signature.parameterClause.parameters.map { parameter in
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            return Parameter(
                label: label, name: (parameter.secondName ?? parameter.firstName).text,
                type: Self.storedType(of: parameter.type))
        }
        answer = function.signature.returnClause.map { clause in
            if let optional = clause.type.as(OptionalTypeSyntax.self) { return optional.wrappedType.trimmedDescription }
            return clause.type.trimmedDescription
        }
        typeName = Self.capitalized(baseName)
    }

    private static func capitalized(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// `messages` by selector, the first declaration of each; messages that share a base name get type names
    /// with their labels (`cartAdd(product:sender:)` becomes `CartAddProduct`), `sender` left out.
    static func named(_ messages: [Message]) -> [String: Message] {
        var bySelector: [String: Message] = [:]
        for message in messages where bySelector[message.selector] == nil { bySelector[message.selector] = message }
        let sharedBaseNames = Dictionary(grouping: bySelector.values, by: \.baseName).filter { $0.value.count > 1 }.keys
        for (selector, message) in bySelector where sharedBaseNames.contains(message.baseName) {
            let labels = message.parameters.compactMap(\.label).filter { $0 != "sender" }.map(capitalized)
            bySelector[selector]?.typeName = capitalized(message.baseName) + labels.joined()
        }
        return bySelector
    }

    /// A parameter's type as a stored property's: without `@escaping`.
    private static func storedType(of type: TypeSyntax) -> String {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return type.trimmedDescription }
        let kept = attributed.attributes.filter {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "escaping"
        }
        return (kept.map(\.trimmedDescription) + [attributed.baseType.trimmedDescription]).joined(separator: " ")
    }

    /// The message methods of every `extension UIResponder` in `tree`.
    static func declared(in tree: SourceFileSyntax) -> [Message] {
        tree.statements.compactMap { $0.item.as(ExtensionDeclSyntax.self) }.filter(\.extendsUIResponder)
            .flatMap { $0.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) } }
            .filter(\.isObjC)
            .map(Message.init)
    }

    /// The edits of a `extension UIResponder` statement: its message methods send values, and the
    /// messages' types follow it.
    static func edits(for item: CodeBlockItemSyntax.Item, messages: [String: Message]) -> [Edit] {
        guard let extensionDecl = item.as(ExtensionDeclSyntax.self), extensionDecl.extendsUIResponder else { return [] }
        var edits: [Edit] = []
        var declared: [Message] = []
        for member in extensionDecl.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.isObjC,
                let message = messages[Message(function).selector]
            else { continue }
            declared.append(message)
            for attribute in function.attributes where attribute.as(AttributeSyntax.self)?.isObjC == true {
                edits.append(Edit(removing: attribute))
            }
            for modifier in function.modifiers where modifier.name.tokenKind == .keyword(.dynamic) {
                edits.append(Edit(removing: modifier))
            }
            if let body = function.body {
                edits += ForwardingCalls(of: message).edits(in: body)
            }
        }
        guard !declared.isEmpty else { return edits }
        let types = declared.map(\.typeDeclaration).joined(separator: "\n\n")
        return edits + [Edit(insertingAt: extensionDecl.endPositionBeforeTrailingTrivia.utf8Offset, "\n\n" + types)]
    }

    /// The message's type: a `CoordinatingMessage`, or a `CoordinatingQuestion` with its answer type.
    var typeDeclaration: String {
        let conformance = answer == nil ? "CoordinatingMessage" : "CoordinatingQuestion"
        var lines = [
            "/// `\(selector)`, sent up the coordinating-responder chain.", "struct \(typeName): \(conformance) {",
        ]
        if let answer { lines.append("    typealias Answer = \(answer)") }
        lines += parameters.map { "    let \($0.name): \($0.type)" }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `TypeName(name: name, …)`: the message value made from the method's parameters.
    var valueExpression: String {
        "\(typeName)(\(parameters.map { "\($0.name): \($0.name)" }.joined(separator: ", ")))"
    }

    /// The call of the handler with the fields of `value`.
    func handlerCall(on value: String) -> String {
        let arguments = parameters.map { ($0.label.map { "\($0): " } ?? "") + "\(value).\($0.name)" }
        return "\(handlerName)(\(arguments.joined(separator: ", ")))"
    }
}

/// Walks a method's body and collects the edits a subclass finds in it.
private class EditFinder: SyntaxVisitor {
    let message: Message
    var found: [Edit] = []

    init(of message: Message) {
        self.message = message
        super.init(viewMode: .sourceAccurate)
    }

    func edits(in body: CodeBlockSyntax) -> [Edit] {
        walk(body)
        return found
    }
}

/// Finds the forwarding calls `coordinatingResponder?.message(…)` in a message method's body.
private final class ForwardingCalls: EditFinder {
    override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == message.baseName,
            member.base?.as(OptionalChainingExprSyntax.self)?.expression.trimmedDescription == "coordinatingResponder"
        else { return .visitChildren }
        let verb = message.answer == nil ? "send" : "ask"
        found.append(Edit(replacing: call, with: "\(verb)(\(message.valueExpression))"))
        return .skipChildren
    }
}

/// The classes of the files, with the messages each overrides, so that handlers in subclasses stay
/// overrides of their superclass's handlers.
struct ClassIndex {
    private var superclassOf: [String: String] = [:]
    private var handled: [String: Set<String>] = [:]
    private let messages: [String: Message]

    init(trees: [SourceFileSyntax], messages: [String: Message]) {
        self.messages = messages
        for tree in trees {
            for classDecl in tree.statements.compactMap({ $0.item.as(ClassDeclSyntax.self) }) {
                let name = classDecl.name.text
                superclassOf[name] = classDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
                handled[name] = Set(classDecl.messageOverrides(of: messages).map { Message($0).selector })
            }
        }
    }

    /// Whether a superclass of `className` in the files handles `selector`.
    private func inherits(_ selector: String, in className: String) -> Bool {
        var current = superclassOf[className]
        var visited: Set<String> = []
        while let name = current, visited.insert(name).inserted {
            if handled[name]?.contains(selector) == true { return true }
            current = superclassOf[name]
        }
        return false
    }

    /// The edits of a class statement: each message override becomes a handler, and the class handles the
    /// messages its superclasses do not with `handle(_:)` and `answer(_:)`.
    func edits(for item: CodeBlockItemSyntax.Item) -> [Edit] {
        guard let classDecl = item.as(ClassDeclSyntax.self) else { return [] }
        let className = classDecl.name.text
        var edits: [Edit] = []
        var newlyHandled: [Message] = []
        for function in classDecl.messageOverrides(of: messages) {
            guard let message = messages[Message(function).selector] else { continue }
            let inherited = inherits(message.selector, in: className)
            if !inherited {
                newlyHandled.append(message)
                for modifier in function.modifiers where modifier.name.tokenKind == .keyword(.override) {
                    edits.append(Edit(removing: modifier))
                }
            }
            edits.append(Edit(replacing: function.name, with: message.handlerName))
            if let body = function.body {
                edits += SuperCalls(of: message, toHandler: inherited).edits(in: body)
            }
        }
        guard !newlyHandled.isEmpty else { return edits }
        let dispatch = Self.dispatch(handling: newlyHandled)
        edits.append(Edit(insertingAt: classDecl.memberBlock.rightBrace.position.utf8Offset, dispatch))
        return edits
    }

    /// `handle(_:)` and `answer(_:)` overrides reaching the handlers of `messages`.
    private static func dispatch(handling messages: [Message]) -> String {
        let sent = messages.filter { $0.answer == nil }
        let asked = messages.filter { $0.answer != nil }
        return switchOverride(
            "handle", "message", "any CoordinatingMessage", returning: "Bool", over: sent
        ) { "\($0.handlerCall(on: "message"))\n            return true" }
            + switchOverride("answer", "question", "any CoordinatingQuestion", returning: "Any?", over: asked) {
                "return \($0.handlerCall(on: "question"))"
            }
    }

    /// `override func method(_ value: type) -> result` switching over the types of `messages`, each case's body
    /// made by `body`, and passing anything else to the superclass; empty when there are no messages.
    private static func switchOverride(
        _ method: String, _ value: String, _ type: String, returning result: String, over messages: [Message],
        body: (Message) -> String
    ) -> String {
        guard !messages.isEmpty else { return "" }
        var text = "\n\n    override func \(method)(_ \(value): \(type)) -> \(result) {\n        switch \(value) {\n"
        for message in messages {
            text += "        case let \(value) as \(message.typeName):\n            \(body(message))\n"
        }
        return text + "        default:\n            return super.\(method)(\(value))\n        }\n    }"
    }
}

/// Finds `super.message(…)` in a handler's body: it calls the superclass's handler when one exists in the
/// files, and otherwise passes the message on, as the library's base implementation did.
private final class SuperCalls: EditFinder {
    private let toHandler: Bool

    init(of message: Message, toHandler: Bool) {
        self.toHandler = toHandler
        super.init(of: message)
    }

    override func visit(_ member: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard member.base?.as(SuperExprSyntax.self) != nil, member.declName.baseName.text == message.baseName else {
            return .visitChildren
        }
        found.append(
            Edit(
                replacing: member,
                with: toHandler ? "super.\(message.handlerName)" : "coordinatingResponder?.\(message.baseName)"))
        return .skipChildren
    }
}

extension ExtensionDeclSyntax {
    var extendsUIResponder: Bool { extendedType.trimmedDescription == "UIResponder" }
}

extension FunctionDeclSyntax {
    var isObjC: Bool { attributes.contains { $0.as(AttributeSyntax.self)?.isObjC == true } }
    var isOverride: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.override) } }
}

extension AttributeSyntax {
    var isObjC: Bool { attributeName.trimmedDescription == "objc" }
}

extension ClassDeclSyntax {
    /// The class's overrides of `messages`.
    func messageOverrides(of messages: [String: Message]) -> [FunctionDeclSyntax] {
        memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
            .filter { $0.isOverride && messages[Message($0).selector] != nil }
    }
}
