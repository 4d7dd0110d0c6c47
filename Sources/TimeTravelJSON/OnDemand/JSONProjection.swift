/// Which parts of a JSON value a reader looks at, so that a ``JSONCursor`` builds those
/// and skips the rest (``JSONCursor/value(reading:)``).
///
/// A projection is either ``whole`` (read everything) or a set of parts: members by key,
/// elements by index, every member and element (``each(_:)``), and whether every member of
/// an object must be present (``shape``). Reading a value with parts gives a value of the
/// same kind, in which:
/// - a scalar is read whole (a string or number is a leaf);
/// - an object keeps, in their order, the members whose key is named (each read with its
///   part), every member when ``each(_:)`` is set, and every other member as `null` when
///   ``shape`` is set; other members are left out;
/// - an array keeps its length; each element named by index or covered by ``each(_:)`` is
///   read with its part, the others are `null`.
///
/// So a reader that only looks at the parts named gets the answer it would get from the
/// whole value: `.todos[7].done`, `.todos | length`, `keys`, `has("k")` and `type` give
/// the same results on `{"todos": …}` read with the projection
/// `.member("todos", .element(7, .member("done", .whole)))` (for the first) or
/// `.member("todos", .shape)` (for `length`, which needs every element, as `null`).
///
/// ```swift
/// let projection = JSONProjection.member("next", .member("count", .whole))
/// let line = Array(#"{"prior":{"count":1},"next":{"count":2,"log":[1,2,3]}}"#.utf8)
/// let value = try line.withUnsafeBufferPointer { bytes throws(JSONParseError) in
///   var cursor = try JSONCursor(bytes)
///   let read = try cursor.value(reading: projection)
///   try cursor.finish()
///   return read
/// }
/// // value is {"next":{"count":2}}
/// ```
public struct JSONProjection: Sendable, Hashable, CustomStringConvertible {
  /// The parts; `nil` for ``whole``.
  let parts: Parts?

  private init(parts: Parts?) { self.parts = parts }

  /// Everything of the value.
  public static let whole = JSONProjection(parts: nil)

  /// Nothing of the value but its kind (and an array's length, as `null` elements): for
  /// a value only passed through or tested for presence.
  public static let nothing = JSONProjection(parts: Parts())

  /// The value's kind and size: an object's keys (each member `null`), an array's
  /// length (each element `null`), a scalar whole. What `length`, `keys`, `has(k)` and
  /// `type` read.
  public static let shape = JSONProjection(parts: Parts(allMembers: true))

  /// The member named `key` read with `part`; nothing else of an object.
  public static func member(_ key: String, _ part: JSONProjection) -> JSONProjection {
    JSONProjection(parts: Parts(members: [Parts.Member(key: key, projection: part)]))
  }

  /// The members `named`, each read with its part, and every other member read with
  /// `others` (left out when `nil`): how a reader of a record with a few known members
  /// and any number of others is described.
  public static func members(
    _ named: [(key: String, part: JSONProjection)], others: JSONProjection? = nil
  ) -> JSONProjection {
    var members: [Parts.Member] = []
    for (key, part) in named {
      if let i = members.firstIndex(where: { ExactKey.same($0.key, key) }) {
        members[i].projection = members[i].projection.union(part)
      } else {
        members.append(Parts.Member(key: key, projection: part))
      }
    }
    return JSONProjection(parts: Parts(members: members, others: others))
  }

  /// The element at `index` (0-based) read with `part`; the other elements `null`.
  public static func element(_ index: Int, _ part: JSONProjection) -> JSONProjection {
    JSONProjection(parts: Parts(elements: [index: part]))
  }

  /// Every member and every element read with `part`: what `.[]` reads.
  public static func each(_ part: JSONProjection) -> JSONProjection {
    JSONProjection(parts: Parts(each: part))
  }

  /// The value at the RFC 6901 reference `tokens` read with `part` (whole by default):
  /// each token as an object key, and as an array index when it is one (digits, no
  /// leading zero), since the pointer names either.
  public init(tokens: some Collection<String>, reading part: JSONProjection = .whole) {
    var projection = part
    for token in tokens.reversed() {
      var step = JSONProjection.member(token, projection)
      if let index = Self.arrayIndex(token) {
        step = step.union(.element(index, projection))
      }
      projection = step
    }
    self = projection
  }

  /// Whether this is ``whole``.
  public var isWhole: Bool { parts == nil }

  /// What a reader of this projection reads of the member named `key`: `nil` when it
  /// reads nothing of it (the member is then left out, or `null` under ``shape``).
  public func member(_ key: String) -> JSONProjection? {
    guard let parts else { return .whole }
    let named = parts.members.first { ExactKey.same($0.key, key) }?.projection
    return Self.union(named ?? parts.others, parts.each)
  }

  /// The keys this projection names, in no particular order (``whole`` names none).
  package var namedKeys: [String] { parts?.members.map(\.key) ?? [] }

  /// Whether this projection reads something of every member of an object, named or
  /// not: whole, ``each(_:)``, ``shape`` or ``members(_:others:)`` with others.
  package var readsUnnamedMembers: Bool {
    guard let parts else { return true }
    return parts.each != nil || parts.allMembers || parts.others != nil
  }

  /// What a reader of this projection reads of the element at `index`, or `nil`.
  public func element(_ index: Int) -> JSONProjection? {
    guard let parts else { return .whole }
    return Self.union(parts.elements[index], parts.each)
  }

  /// Whether reading with this projection keeps every member of an object (whole,
  /// ``shape``, or ``each(_:)``).
  public var keepsEveryMember: Bool {
    guard let parts else { return true }
    return parts.allMembers || parts.each != nil || parts.others != nil
  }

  /// What either projection reads: a reader of both reads this.
  public func union(_ other: JSONProjection) -> JSONProjection {
    guard let a = parts, let b = other.parts else { return .whole }
    // A key named by one side only is read by the other's `others`, if it has them.
    var members = a.members.map { member in
      var member = member
      if !b.members.contains(where: { ExactKey.same($0.key, member.key) }), let others = b.others {
        member.projection = member.projection.union(others)
      }
      return member
    }
    for member in b.members {
      if let i = members.firstIndex(where: { ExactKey.same($0.key, member.key) }) {
        members[i].projection = members[i].projection.union(member.projection)
      } else {
        var member = member
        if let others = a.others { member.projection = member.projection.union(others) }
        members.append(member)
      }
    }
    let elements = a.elements.merging(b.elements) { $0.union($1) }
    return JSONProjection(
      parts: Parts(
        members: members, elements: elements, each: Self.union(a.each, b.each),
        others: Self.union(a.others, b.others), allMembers: a.allMembers || b.allMembers))
  }

  static func union(_ a: JSONProjection?, _ b: JSONProjection?) -> JSONProjection? {
    guard let a else { return b }
    guard let b else { return a }
    return a.union(b)
  }

  /// jq-like text: `.` for whole, `{next:{count:.}}`, `[7:{done:.}]`, `[]:.` for each,
  /// `shape` for the keys and length only.
  public var description: String {
    guard let parts else { return "." }
    var items: [String] = []
    if parts.allMembers { items.append("shape") }
    for member in parts.members.sorted(by: { $0.key < $1.key }) {
      items.append("\(JSONPrinter.compact.print(.string(member.key))):\(member.projection)")
    }
    for (index, part) in parts.elements.sorted(by: { $0.key < $1.key }) {
      items.append("[\(index)]:\(part)")
    }
    if let each = parts.each { items.append("[]:\(each)") }
    if let others = parts.others { items.append("*:\(others)") }
    return "{" + items.joined(separator: ",") + "}"
  }

  /// The index an RFC 6901 token names in an array: digits, no leading zero.
  static func arrayIndex(_ token: String) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first, utf8.allSatisfy(\.isASCIIDigit) else { return nil }
    if first == UInt8(ascii: "0") && utf8.count > 1 { return nil }
    return Int(token)
  }

  /// The parts of a projection that is not whole.
  final class Parts: Sendable, Hashable {
    struct Member: Sendable, Hashable {
      var key: String
      var projection: JSONProjection

      static func == (a: Member, b: Member) -> Bool {
        ExactKey.same(a.key, b.key) && a.projection == b.projection
      }
      func hash(into hasher: inout Hasher) {
        hasher.combine(ExactKey(key))
        hasher.combine(projection)
      }
    }

    /// Members by key, each key once.
    let members: [Member]
    let elements: [Int: JSONProjection]
    let each: JSONProjection?
    /// For every member not named (but not for elements).
    let others: JSONProjection?
    let allMembers: Bool
    /// The largest index of ``elements``, -1 when none: an array's reader looks up no
    /// element past it.
    let lastElement: Int
    /// Whether these parts name nothing (``JSONProjection/nothing``): an object read
    /// with them is `{}`.
    let isEmpty: Bool

    init(
      members: [Member] = [], elements: [Int: JSONProjection] = [:], each: JSONProjection? = nil,
      others: JSONProjection? = nil, allMembers: Bool = false
    ) {
      self.members = members
      self.elements = elements
      self.each = each
      self.others = others
      self.allMembers = allMembers
      lastElement = elements.keys.max() ?? -1
      isEmpty =
        members.isEmpty && elements.isEmpty && each == nil && others == nil && !allMembers
    }

    static func == (a: Parts, b: Parts) -> Bool {
      // The same parts, as a scan's lines are read with: no sets to build.
      a === b
        || a.allMembers == b.allMembers && a.each == b.each && a.others == b.others
          && a.elements == b.elements && Set(a.members) == Set(b.members)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(allMembers)
      hasher.combine(each)
      hasher.combine(others)
      hasher.combine(elements)
      hasher.combine(Set(members))
    }
  }
}
