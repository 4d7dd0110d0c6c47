import Foundation
import TimeTravelJSON

/// ``JSONDiff/lazyChanges(from:to:options:)``'s work: the eager diff's steps (see
/// `DiffEngine`) taken over byte ranges of two JSON texts, building only the values that
/// differ or that a change carries.
///
/// Every decision is the eager diff's: members in the new object's order, then removed
/// keys; an array matched by the first id key that identifies every element of both, else
/// by position through the same Myers script; removals, then `ArrayPlacement`'s steps,
/// then the changed pairs. Only equality is answered differently: equal bytes are equal
/// values; unequal bytes are settled by building (or, for scalars with one spelling,
/// are unequal values).
struct TextDiffEngine {
  let options: DiffOptions
  let old: UnsafeBufferPointer<UInt8>
  let new: UnsafeBufferPointer<UInt8>
  private var output: [JSONChange] = []

  /// Levels of differing containers walked by bytes; deeper pairs are built and diffed
  /// eagerly (which does not recurse), so this walk never recurses deeper than this.
  static let maximumDepth = 32

  init(options: DiffOptions, old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) {
    self.options = options
    self.old = old
    self.new = new
  }

  /// The changes from the value of `old` to the value of `new`.
  ///
  /// `validating`: check that each text is one valid JSON value first; texts known to be
  /// valid (an unbuilt container's, which the parser validated) need not be: each is
  /// then exactly its value, without surrounding whitespace.
  mutating func run(validating: Bool) throws(JSONParseError) -> [JSONChange] {
    var x = 0..<old.count
    var y = 0..<new.count
    if validating {
      var a = try JSONCursor(old)
      x = try a.skip()
      try a.finish()
      var b = try JSONCursor(new)
      y = try b.skip()
      try b.finish()
    }
    output = []
    try diff(x, y, path: [], depth: 0)
    return output
  }

  // MARK: Pairs

  /// The changes from `old[x]` to `new[y]`, appended.
  private mutating func diff(_ x: Range<Int>, _ y: Range<Int>, path: [String], depth: Int)
    throws(JSONParseError)
  {
    if Self.sameBytes(old, x, new, y) { return }
    let first = old[x.lowerBound]
    let sameContainerKind =
      (first == UInt8(ascii: "{") || first == UInt8(ascii: "[")) && first == new[y.lowerBound]
    guard sameContainerKind, depth < Self.maximumDepth else {
      return try diffBuilt(x, y, path: path)
    }
    if first == UInt8(ascii: "{") {
      try diffObjects(x, y, path: path, depth: depth)
    } else {
      try diffArrays(x, y, path: path, depth: depth)
    }
  }

  /// Both values built, diffed eagerly, the changes placed at `path`.
  private mutating func diffBuilt(_ x: Range<Int>, _ y: Range<Int>, path: [String])
    throws(JSONParseError)
  {
    let changes = JSONDiff.changes(
      from: try Self.build(old, x), to: try Self.build(new, y), options: options)
    let below = JSONPointer(tokens: path)
    for change in changes { output.append(change.placed(below: below)) }
  }

  // MARK: Objects

  private mutating func diffObjects(
    _ x: Range<Int>, _ y: Range<Int>, path: [String], depth: Int
  ) throws(JSONParseError) {
    let a = try Members(old, x)
    let b = try Members(new, y)
    for (key, range) in zip(b.keys, b.values) {
      if let i = a.index[ExactKey(key)] {
        try diff(a.values[i], range, path: path + [key], depth: depth + 1)
      } else {
        output.append(
          JSONChange(
            op: .add, path: JSONPointer(tokens: path + [key]), new: try Self.build(new, range)))
      }
    }
    for (key, range) in zip(a.keys, a.values) where b.index[ExactKey(key)] == nil {
      output.append(
        JSONChange(
          op: .remove, path: JSONPointer(tokens: path + [key]), old: try Self.build(old, range)))
    }
  }

  /// An object's members as the parser keeps them: each key at its first position, with
  /// its last value.
  private struct Members {
    var keys: [String] = []
    var values: [Range<Int>] = []
    var index: [ExactKey: Int] = [:]

    init(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(JSONParseError) {
      var cursor = try JSONCursor(UnsafeBufferPointer(rebasing: text[range]))
      let shift = range.lowerBound
      var keys: [String] = []
      var values: [Range<Int>] = []
      var index: [ExactKey: Int] = [:]
      try cursor.members { key, member throws(JSONParseError) in
        let name = key.string
        let value = try member.skip()
        let at = (value.lowerBound + shift)..<(value.upperBound + shift)
        if let i = index[ExactKey(name)] {
          values[i] = at
        } else {
          index[ExactKey(name)] = keys.count
          keys.append(name)
          values.append(at)
        }
      }
      (self.keys, self.values, self.index) = (keys, values, index)
    }
  }

  // MARK: Arrays

  private mutating func diffArrays(
    _ x: Range<Int>, _ y: Range<Int>, path: [String], depth: Int
  ) throws(JSONParseError) {
    let firstKey = options.idKeys.first
    let a = try Elements(old, x, idKey: firstKey)
    let b = try Elements(new, y, idKey: firstKey)
    let matching: ArrayMatching
    if let byIdentity = try matchByIdentity(a, b) {
      matching = byIdentity
    } else if a.allPlainScalars && b.allPlainScalars || a.ranges.isEmpty || b.ranges.isEmpty {
      // Against an empty array every element is inserted (or removed), whatever it is.
      matching = Self.matchByPosition(a, b)
    } else {
      return try diffBuilt(x, y, path: path)
    }
    for i in matching.deleted.reversed() {
      output.append(
        JSONChange(
          op: .remove, path: JSONPointer(tokens: path + [String(i)]),
          old: try Self.build(old, a.ranges[i])))
    }
    for step in ArrayPlacement.steps(matching, newCount: b.ranges.count) {
      switch step {
      case .insert(let index, let j):
        output.append(
          JSONChange(
            op: .add, path: JSONPointer(tokens: path + [String(index)]), from: nil, oldPath: nil,
            newPath: index == j ? nil : JSONPointer(tokens: path + [String(j)]), old: nil,
            new: try Self.build(new, b.ranges[j])))
      case .move(let from, let to, let i, let j):
        output.append(
          JSONChange(
            op: .move, path: JSONPointer(tokens: path + [String(to)]),
            from: JSONPointer(tokens: path + [String(from)]),
            oldPath: i == from ? nil : JSONPointer(tokens: path + [String(i)]),
            newPath: to == j ? nil : JSONPointer(tokens: path + [String(j)]), old: nil,
            new: try Self.build(new, b.ranges[j])))
      }
    }
    for match in matching.matches.sorted(by: { $0.new < $1.new }) where !match.isEqual {
      try diff(
        a.ranges[match.old], b.ranges[match.new], path: path + [String(match.new)],
        depth: depth + 1)
    }
  }

  /// `ArrayMatching.byIdentity` over the elements' bytes: the first key of
  /// ``DiffOptions/idKeys`` that every element of both arrays holds, with ids unique in
  /// each; `nil` when none does (or an array is empty).
  private func matchByIdentity(_ a: Elements, _ b: Elements) throws(JSONParseError)
    -> ArrayMatching?
  {
    guard !a.ranges.isEmpty, !b.ranges.isEmpty else { return nil }
    for (k, key) in options.idKeys.enumerated() {
      let oldIDs = k == 0 ? a.ids : try Elements.ids(old, a.ranges, key: key)
      let newIDs = k == 0 ? b.ids : try Elements.ids(new, b.ranges, key: key)
      guard let oldIDs, let newIDs else { continue }
      if let inPlace = inPlaceMatching(a, oldIDs, b, newIDs) { return inPlace }
      let oldKeys = try oldIDs.map { range throws(JSONParseError) in try IDKey(old, range) }
      let newKeys = try newIDs.map { range throws(JSONParseError) in try IDKey(new, range) }
      guard let oldIndex = Self.index(oldKeys), let newIndex = Self.index(newKeys) else {
        continue
      }
      var result = ArrayMatching()
      for (i, id) in oldKeys.enumerated() {
        if let j = newIndex[id] {
          result.matches.append(
            ArrayMatching.Match(
              old: i, new: j, isEqual: Self.sameBytes(old, a.ranges[i], new, b.ranges[j])))
        } else {
          result.deleted.append(i)
        }
      }
      for (j, id) in newKeys.enumerated() where oldIndex[id] == nil {
        result.inserted.append(j)
      }
      return result
    }
    return nil
  }

  /// The common case of an entry that edits elements but adds, removes and moves none:
  /// the same ids at the same positions, each a string without escapes (so its bytes are
  /// its value) and unique. Then element `i` matches element `i`, found without building
  /// or hashing an id into a table; `nil` when the case does not hold, or may not (the
  /// general matching then decides).
  private func inPlaceMatching(
    _ a: Elements, _ oldIDs: [Range<Int>], _ b: Elements, _ newIDs: [Range<Int>]
  ) -> ArrayMatching? {
    guard oldIDs.count == newIDs.count else { return nil }
    var hashes: [UInt64] = []
    hashes.reserveCapacity(oldIDs.count)
    for (x, y) in zip(oldIDs, newIDs) {
      guard Self.sameBytes(old, x, new, y), old[x.lowerBound] == UInt8(ascii: "\""),
        !old[x].contains(UInt8(ascii: "\\"))
      else { return nil }
      hashes.append(Self.fnv1a(old, x))
    }
    // Unique ids: distinct hashes prove it; a repeated hash leaves it to the tables.
    hashes.sort()
    for i in hashes.indices.dropFirst() where hashes[i] == hashes[i - 1] { return nil }
    var result = ArrayMatching()
    result.matches = a.ranges.indices.map { i in
      ArrayMatching.Match(
        old: i, new: i, isEqual: Self.sameBytes(old, a.ranges[i], new, b.ranges[i]))
    }
    return result
  }

  /// The 64-bit FNV-1a hash of `text[range]`: cheap, and good enough to tell a few
  /// hundred short ids apart (a collision only costs the general matching).
  private static func fnv1a(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text[range] {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// Position by id, or `nil` when an id repeats.
  private static func index(_ ids: [IDKey]) -> [IDKey: Int]? {
    var positions: [IDKey: Int] = [:]
    positions.reserveCapacity(ids.count)
    for (i, id) in ids.enumerated() {
      guard positions.updateValue(i, forKey: id) == nil else { return nil }
    }
    return positions
  }

  /// `ArrayMatching.byPosition` with elements interned by their bytes, which for plain
  /// scalars are equal exactly when their values are.
  private static func matchByPosition(_ a: Elements, _ b: Elements) -> ArrayMatching {
    var ids: [BytesKey: Int] = [:]
    func intern(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
      let key = BytesKey(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[range])))
      if let id = ids[key] { return id }
      ids[key] = ids.count
      return ids.count - 1
    }
    let oldIDs = a.ranges.map { intern(a.text, $0) }
    let newIDs = b.ranges.map { intern(b.text, $0) }
    return ArrayMatching.byPosition(oldIDs: oldIDs, newIDs: newIDs)
  }

  /// An array's elements by their bytes, with the byte range of each one's member
  /// `idKey` when every element is an object holding it.
  private struct Elements {
    let text: UnsafeBufferPointer<UInt8>
    var ranges: [Range<Int>] = []
    /// The ranges of the id members, or `nil` when an element has none.
    var ids: [Range<Int>]?
    /// Whether every element is a scalar with one spelling (see ``isPlainScalar``).
    var allPlainScalars = true

    init(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, idKey: String?)
      throws(JSONParseError)
    {
      self.text = text
      if let scanned = Self.scan(text, range, idKey: idKey) {
        (ranges, ids) = scanned
        allPlainScalars = ranges.allSatisfy { Self.isPlainScalar(text, $0) }
        return
      }
      var cursor = try JSONCursor(UnsafeBufferPointer(rebasing: text[range]))
      let shift = range.lowerBound
      var ranges: [Range<Int>] = []
      var ids: [Range<Int>]? = idKey == nil ? nil : []
      var plain = true
      let tokens = idKey.map { [$0][...] }
      try cursor.elements { _, element throws(JSONParseError) in
        let start = element.offset
        if let tokens, element.kind == .object {
          let id = try element.range(at: tokens)
          if let id, ids != nil {
            ids!.append((id.lowerBound + shift)..<(id.upperBound + shift))
          } else {
            ids = nil
          }
        } else {
          ids = nil
          _ = try element.skip()
        }
        // A container's cursor ends past the whitespace after it.
        var end = element.offset
        while end > start, Self.isWhitespace(text[end - 1 + shift]) { end -= 1 }
        let at = (start + shift)..<(end + shift)
        if plain, !Self.isPlainScalar(text, at) { plain = false }
        ranges.append(at)
      }
      self.ranges = ranges
      self.ids = ids
      allPlainScalars = plain
    }

    /// The elements' ranges and their `idKey` members' ranges found by a walk of the
    /// array's bytes that tracks only strings and brackets: the text is valid JSON (the
    /// parser or the cursor checked it), so it needs no checking again. `nil` when an
    /// element's key holds an escape (it may spell the id key; the cursor decides).
    private static func scan(
      _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, idKey: String?
    ) -> (ranges: [Range<Int>], ids: [Range<Int>]?)? {
      let key = Array((idKey ?? "").utf8)
      var ranges: [Range<Int>] = []
      var ids: [Range<Int>]? = idKey == nil ? nil : []
      var i = skipWhitespace(text, range.lowerBound + 1)
      guard text[i] != UInt8(ascii: "]") else { return ([], ids) }
      while true {
        let start = i
        if text[i] == UInt8(ascii: "{") {
          var id: Range<Int>?
          i = skipWhitespace(text, i + 1)
          if text[i] != UInt8(ascii: "}") {
            while true {
              let keyEnd = skipString(text, i)
              let name = (i + 1)..<(keyEnd - 1)
              if text[name].contains(UInt8(ascii: "\\")) { return nil }
              let isID =
                name.count == key.count
                && key.withUnsafeBufferPointer { k in
                  k.isEmpty
                    || memcmp(k.baseAddress!, text.baseAddress! + name.lowerBound, k.count) == 0
                }
              i = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1)
              let valueStart = i
              i = skipValue(text, i)
              // A repeated key: the last one counts, as in the parsed object.
              if isID { id = valueStart..<i }
              i = skipWhitespace(text, i)
              guard text[i] == UInt8(ascii: ",") else { break }
              i = skipWhitespace(text, i + 1)
            }
          }
          i += 1
          if let id, ids != nil { ids!.append(id) } else { ids = nil }
        } else {
          i = skipValue(text, i)
          ids = nil
        }
        ranges.append(start..<i)
        i = skipWhitespace(text, i)
        guard text[i] == UInt8(ascii: ",") else { break }
        i = skipWhitespace(text, i + 1)
      }
      return (ranges, ids)
    }

    private static func skipWhitespace(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
      var i = start
      while isWhitespace(text[i]) { i += 1 }
      return i
    }

    /// Past the string whose opening quote is at `start`.
    private static func skipString(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
      var i = start + 1
      while true {
        switch text[i] {
        case UInt8(ascii: "\\"): i += 2
        case UInt8(ascii: "\""): return i + 1
        default: i += 1
        }
      }
    }

    /// Past the valid value at `start`.
    private static func skipValue(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
      switch text[start] {
      case UInt8(ascii: "\""):
        return skipString(text, start)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        var i = start
        while true {
          switch text[i] {
          case UInt8(ascii: "\""):
            i = skipString(text, i)
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return i + 1 }
          default: break
          }
          i += 1
        }
      default:
        var i = start
        while i < text.count {
          switch text[i] {
          case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
            return i
          default: i += 1
          }
        }
        return i
      }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: true
      default: false
      }
    }

    /// The id ranges for `key`, or `nil` when an element is not an object holding it.
    static func ids(_ text: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>], key: String)
      throws(JSONParseError) -> [Range<Int>]?
    {
      var ids: [Range<Int>] = []
      ids.reserveCapacity(ranges.count)
      for range in ranges {
        var cursor = try JSONCursor(UnsafeBufferPointer(rebasing: text[range]))
        guard cursor.kind == .object, let id = try cursor.range(at: [key][...]) else { return nil }
        ids.append((id.lowerBound + range.lowerBound)..<(id.upperBound + range.lowerBound))
      }
      return ids
    }

    /// Whether the scalar text at `range` is the only text of its value: a string
    /// without escapes (its bytes are its code points), an integer other than `-0`
    /// (JSON allows no leading zeros), `true`, `false` or `null`.
    static func isPlainScalar(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
      let first = text[range.lowerBound]
      switch first {
      case UInt8(ascii: "\""):
        return !text[range].contains(UInt8(ascii: "\\"))
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        return true
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digits = text[
          (first == UInt8(ascii: "-") ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
          return false
        }
        return !(first == UInt8(ascii: "-") && digits.count == 1 && digits.first == 0x30)
      default:
        return false
      }
    }
  }

  // MARK: Helpers

  private static func sameBytes(
    _ a: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ b: UnsafeBufferPointer<UInt8>,
    _ y: Range<Int>
  ) -> Bool {
    x.count == y.count
      && memcmp(a.baseAddress! + x.lowerBound, b.baseAddress! + y.lowerBound, x.count) == 0
  }

  /// The value at `range`, built as the parser builds it.
  private static func build(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    throws(JSONParseError) -> JSONValue
  {
    try JSONParser.parse(bytes: UnsafeBufferPointer(rebasing: text[range]))
  }
}

/// An element's id compared as `JSONValue ==` compares it: a string by its code points
/// (its bytes when it has no escape, decoded otherwise), any other value built.
private struct IDKey: Hashable {
  private var bytes: UnsafeRawBufferPointer?
  private var decoded: [UInt8]?
  private var value: JSONValue?

  init(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(JSONParseError) {
    let raw = text[range]
    if raw.first == UInt8(ascii: "\"") {
      if raw.contains(UInt8(ascii: "\\")) {
        guard
          case .string(let string) = try JSONParser.parse(bytes: UnsafeBufferPointer(rebasing: raw))
        else { return }
        decoded = Array(string.utf8)
      } else {
        bytes = UnsafeRawBufferPointer(
          UnsafeBufferPointer(rebasing: text[(range.lowerBound + 1)..<(range.upperBound - 1)]))
      }
    } else {
      value = try JSONParser.parse(bytes: UnsafeBufferPointer(rebasing: raw))
    }
  }

  private func withText<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
    if let bytes { return body(bytes) }
    if let decoded { return decoded.withUnsafeBytes(body) }
    return nil
  }

  static func == (a: IDKey, b: IDKey) -> Bool {
    if let x = a.value { return b.value == x }
    guard b.value == nil else { return false }
    return a.withText { x in
      b.withText { y in
        x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
      } ?? false
    } ?? false
  }

  func hash(into hasher: inout Hasher) {
    if let value {
      hasher.combine(1 as UInt8)
      hasher.combine(value)
    } else {
      hasher.combine(0 as UInt8)
      withText { hasher.combine(bytes: $0) }
    }
  }
}

/// Bytes compared and hashed as bytes.
private struct BytesKey: Hashable {
  let bytes: UnsafeRawBufferPointer

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  static func == (a: BytesKey, b: BytesKey) -> Bool {
    a.bytes.count == b.bytes.count
      && (a.bytes.isEmpty || memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes) }
}
