import TimeTravelJSON

/// jq 1.8's indexing and path updates (`.[k]`, `getpath`, `setpath`, `delpaths`), safe for
/// any number as an index or slice bound: NaN, infinities and numbers beyond any integer
/// give jq's answer or its error at once. Walks are iterative so a path as long as the
/// input is deep never recurses.
enum Paths {
  /// The largest array ``setpath(_:_:_:)`` pads to, in elements. jq allows up to
  /// 536,870,911 (`INT_MAX >> 2`), which takes gigabytes; here an assignment past this
  /// bound fails with jq's `Array index too large` instead of exhausting memory.
  static let maximumArrayIndex = (1 << 24) - 1

  /// `container[key]` with jq's rules (`jv_get`): `null` indexed by a string, number or
  /// slice is `null` (by anything else an error), missing members and out-of-range
  /// positions are `null`, a position is truncated toward zero and counts from the end
  /// when negative, NaN gives `null`, and `{start, end}` keys slice.
  static func index(_ container: JSONValue, _ key: JSONValue) throws -> JSONValue {
    switch (container, key) {
    case (.null, .string), (.null, .number), (.null, .object):
      return .null
    case (.object(let o), .string(let k)):
      return o[k] ?? .null
    case (.array(let a), .number(let n)):
      guard let i = position(n, count: a.count) else { return .null }
      return i >= 0 && i < a.count ? a[i] : .null
    case (.array, .object(let bounds)), (.string, .object(let bounds)):
      return try slice(container, bounds)
    case (.array(let a), .array(let b)):
      return .array(
        JSONArray(indices(of: b.elements, in: a.elements).map { .number(JSONNumber($0)) }))
    default:
      throw JQRuntimeError(message: indexMessage(container, key))
    }
  }

  /// How an index that does not apply is reported, as jq 1.8's `jv_get`: the key's type
  /// and its truncated dump, `Cannot index number with string ("a")` (jq 1.7 wrote
  /// `Cannot index number with string "a"`).
  static func indexMessage(_ container: JSONValue, _ key: JSONValue) -> String {
    "Cannot index \(container.typeName) with \(Describe.value(key))"
  }

  /// An array position as jq 1.8 reads a number: truncated toward zero (saturating at the
  /// ends of `Int32`), plus `count` when negative; `nil` for NaN.
  static func position(_ n: JSONNumber, count: Int) -> Int? {
    let d = n.doubleValue
    if d.isNaN { return nil }
    let i = Int(LibM.saturatingInt32(d))
    return i < 0 ? i + count : i
  }

  /// Start positions of `needle` as a contiguous run in `haystack`.
  static func indices(of needle: [JSONValue], in haystack: [JSONValue]) -> [Int] {
    guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
    return (0...(haystack.count - needle.count)).filter { i in
      needle.indices.allSatisfy { JQOrder.equal(haystack[i + $0], needle[$0]) }
    }
  }

  static let sliceError = "Array/string slice indices must be integers"

  /// The positions `.[start:end]` covers in a sequence of `count` items, as jq 1.8's
  /// `parse_slice`: both keys must be present; `null` means the start or the end; NaN
  /// start is 0 and NaN end is `count`; negative bounds count from the end; the start
  /// rounds down and the end up; both are clamped to the sequence.
  static func sliceBounds(_ bounds: JSONObject, count: Int) throws -> Range<Int> {
    guard let from = bounds["start"], let to = bounds["end"] else {
      throw JQRuntimeError(message: sliceError)
    }
    func number(_ v: JSONValue, default d: Double) throws -> Double {
      switch v {
      case .null: return d
      case .number(let n): return n.doubleValue
      default: throw JQRuntimeError(message: sliceError)
      }
    }
    let length = Double(count)
    var start = try number(from, default: 0)
    var end = try number(to, default: length)
    if start.isNaN { start = 0 }
    if start < 0 { start += length }
    start = Swift.min(Swift.max(start, 0), length)
    let first = Int(start)
    if end.isNaN { end = length }
    if end < 0 { end += length }
    if end < 0 { end = Double(first) }
    var last = Int(Swift.min(end, length))
    if last < count, Double(last) < end { last += 1 }
    return first..<Swift.max(first, last)
  }

  /// `container[from:to]` for an array or a string (by code point); `null` stays `null`.
  static func slice(_ container: JSONValue, _ bounds: JSONObject) throws -> JSONValue {
    switch container {
    case .null: return .null
    case .array(let a):
      return .array(JSONArray(a.elements[try sliceBounds(bounds, count: a.count)]))
    case .string(let s):
      let scalars = Array(s.unicodeScalars)
      var out = String.UnicodeScalarView()
      out.append(contentsOf: scalars[try sliceBounds(bounds, count: scalars.count)])
      return .string(String(out))
    default:
      throw JQRuntimeError(message: indexMessage(container, .object(bounds)))
    }
  }

  /// The value at `path` in `root`, as jq's `jv_getpath`: each key indexes the value so
  /// far with ``index(_:_:)``, whose errors propagate (`null` only indexes to `null` by a
  /// string, number or slice).
  static func getpath(_ root: JSONValue, _ path: [JSONValue]) throws -> JSONValue {
    var current = root
    for key in path { current = try index(current, key) }
    return current
  }

  /// `root` with the value at `path` replaced by `value`, creating objects and
  /// arrays (padded with `null`) along the way, as jq's `setpath`.
  ///
  /// `charge`, when given, is told before anything is copied what each container on the
  /// path costs: its members (it is copied) and the `null`s an index past its end pads
  /// it with, so a step limit stops `.[16777215] = 1` before it allocates.
  static func setpath(
    _ root: JSONValue, _ path: [JSONValue], _ value: JSONValue,
    charge: ((Int) throws -> Void)? = nil
  ) throws -> JSONValue {
    var chain: [JSONValue] = []
    chain.reserveCapacity(path.count)
    var current = root
    for key in path {
      chain.append(current)
      if let charge { try charge(copyCost(of: current, at: key)) }
      current = try index(current, key)
    }
    var result = value
    for (container, key) in zip(chain, path).reversed() {
      result = try replacing(key, in: container, with: result)
    }
    return result
  }

  /// The members `replacing(_:in:with:)` copies or pads `container` with for `key`.
  private static func copyCost(of container: JSONValue, at key: JSONValue) -> Int {
    switch (container, key) {
    case (.object(let o), _): return o.count
    case (.array, .number(let n)), (.null, .number(let n)):
      let count = container.arrayValue?.count ?? 0
      guard let i = position(n, count: count), i >= count else { return count }
      return min(i, maximumArrayIndex) + 1
    case (.array(let a), _): return a.count
    default: return 0
    }
  }

  private static func replacing(
    _ key: JSONValue, in container: JSONValue, with value: JSONValue
  ) throws -> JSONValue {
    switch (container, key) {
    case (.object(var o), .string(let k)):
      o[k] = value
      return .object(o)
    case (.null, .string(let k)):
      return .object(JSONObject([(k, value)]))
    case (.array, .number(let n)), (.null, .number(let n)):
      var items = container.arrayValue?.elements ?? []
      if n.doubleValue.isNaN {
        throw JQRuntimeError(message: "Cannot set array element at NaN index")
      }
      guard let i = position(n, count: items.count), i >= 0 else {
        throw JQRuntimeError(message: "Out of bounds negative array index")
      }
      if i > maximumArrayIndex { throw JQRuntimeError(message: "Array index too large") }
      if i >= items.count {
        items.append(contentsOf: repeatElement(JSONValue.null, count: i - items.count + 1))
      }
      items[i] = value
      return .array(JSONArray(items))
    case (.array, .object(let bounds)), (.null, .object(let bounds)):
      let items = container.arrayValue?.elements ?? []
      let range = try sliceBounds(bounds, count: items.count)
      guard case .array(let replacement) = value else {
        throw JQRuntimeError(message: "A slice of an array can only be assigned another array")
      }
      var out = items
      out.replaceSubrange(range, with: replacement.elements)
      return .array(JSONArray(out))
    case (.string, .object):
      throw JQRuntimeError(message: "Cannot update string slices")
    default:
      _ = try index(container, key)
      throw JQRuntimeError(message: "Cannot update field at object index of \(container.typeName)")
    }
  }

  /// jq's `delpaths`: the paths sorted, and the keys under each container deleted
  /// together, by the positions they had before any deletion (`del(.[0], .[0])` deletes
  /// one element; `del(.[1:], .[0])` all). Containers are visited from the last path to
  /// the first, so a deletion never moves a place a later one names. A path through a
  /// missing member changes nothing; `[]` deletes the whole input (`null`).
  static func delpaths(_ root: JSONValue, _ paths: [JSONValue]) throws -> JSONValue {
    var keyed: [[JSONValue]] = []
    for p in paths {
      guard case .array(let keys) = p else {
        throw JQRuntimeError(message: "Path must be specified as array, not \(p.typeName)")
      }
      keyed.append(keys.elements)
    }
    if keyed.contains(where: \.isEmpty) { return .null }
    keyed.sort { JQOrder.less(.array(JSONArray($0)), .array(JSONArray($1))) }
    var result = root
    var end = keyed.count
    while end > 0 {
      let parent = keyed[end - 1].dropLast()
      var start = end - 1
      while start > 0, keyed[start - 1].count == parent.count + 1,
        keyed[start - 1].prefix(parent.count).elementsEqual(parent, by: JQOrder.equal)
      {
        start -= 1
      }
      let keys = keyed[start..<end].map { $0[$0.count - 1] }
      result = try deleting(keys, under: Array(parent), in: result)
      end = start
    }
    return result
  }

  /// `root` with `keys` deleted from the container at `parent`.
  private static func deleting(_ keys: [JSONValue], under parent: [JSONValue], in root: JSONValue)
    throws -> JSONValue
  {
    var chain: [JSONValue] = []
    var current = root
    for key in parent {
      if case .null = current { return root }
      chain.append(current)
      current = try index(current, key)
    }
    var result = try deleting(keys, from: current)
    for (container, key) in zip(chain, parent).reversed() {
      result = try replacing(key, in: container, with: result)
    }
    return result
  }

  /// jq's `jv_dels`: a container without the given keys, all at once.
  private static func deleting(_ keys: [JSONValue], from container: JSONValue) throws
    -> JSONValue
  {
    switch container {
    case .null:
      return .null
    case .object(var o):
      for key in keys {
        guard case .string(let k) = key else {
          throw JQRuntimeError(message: "Cannot delete \(key.typeName) field of object")
        }
        o.removeValue(forKey: k)
      }
      return .object(o)
    case .array(let a):
      var doomed = Set<Int>()
      for key in keys {
        switch key {
        case .number(let n):
          let d = n.doubleValue
          if d.isNaN { continue }
          var i = Int(LibM.saturatingInt32(d))
          if d < 0 { i += a.count }
          if i >= 0 && i < a.count { doomed.insert(i) }
        case .object(let bounds):
          doomed.formUnion(try sliceBounds(bounds, count: a.count))
        default:
          throw JQRuntimeError(message: "Cannot delete \(key.typeName) element of array")
        }
      }
      return .array(
        JSONArray(a.elements.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)))
    default:
      throw JQRuntimeError(message: "Cannot delete fields from \(container.typeName)")
    }
  }
}
