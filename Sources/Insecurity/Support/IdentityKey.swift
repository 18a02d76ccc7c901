/// An object's or a class's identity as a dictionary key, hashed by mixing its address rather than with SipHash:
/// the engine's lookup table gains and loses an entry at every start and end (a removal rehashes the entries
/// after it), and every start looks up its coordinator's type name (issue 46). Addresses are not chosen by an
/// attacker, so the seeded mix keeps a table's spread.
struct IdentityKey: Hashable {
    private let id: ObjectIdentifier

    init(_ object: AnyObject) { id = ObjectIdentifier(object) }
    init(_ type: AnyObject.Type) { id = ObjectIdentifier(type) }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // Dictionary asks this, not `hash(into:)`: one multiplication, its high bits folded into the low ones that
    // pick the bucket.
    func _rawHashValue(seed: Int) -> Int {
        let mixed = (UInt(bitPattern: id) ^ UInt(bitPattern: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(bitPattern: mixed ^ (mixed >> 29))
    }
}
