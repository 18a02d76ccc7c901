/// How a coordinator ended: with a value (`finish`) or without one (`dismiss()`, or the user removed its screen).
public enum CoordinatorResult<Result> {
    case normal(Result)
    case dismissed

    /// The value, or nil when dismissed (the optional shape older Insecurity versions give results).
    public var value: Result? {
        if case .normal(let value) = self { return value }
        return nil
    }
}

extension CoordinatorResult: Sendable where Result: Sendable {}
extension CoordinatorResult: Equatable where Result: Equatable {}
extension CoordinatorResult: Hashable where Result: Hashable {}
