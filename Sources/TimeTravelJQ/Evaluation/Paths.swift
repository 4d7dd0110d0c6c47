import TimeTravelJSON

/// jq's indexing and path updates (`.[k]`, `getpath`, `setpath`,
/// `delpaths`). Walks are iterative so a path as long as the input is deep
/// never recurses.
enum Paths {
  /// `container[key]` with jq's rules (`jv_get`): `null` indexed by a string, number or
  /// slice is `null` (by anything else an error), missing
  /// members and out-of-range positions to `null`, negative positions count
  /// from the end, `{start, end}` keys slice.
  static func index(_ container: JSONValue, _ key: JSONValue) throws -> JSONValue {
    switch (container, key) {
    case (.null, .string), (.null, .number), (.null, .object):
      return .null
    case (.object(let o), .string(let k)):
      return o[k] ?? .null
    case (.array(let a), .number(let n)):
      let d = n.doubleValue
      if d.isNaN { return .null }
      var i = Int(max(min(d.rounded(.down), 1e18), -1e18))
      if i < 0 { i += a.count }
      return i >= 0 && i < a.count ? a[i] : .null
    case (.array, .object(let bounds)), (.string, .object(let bounds)):
      return try slice(container, bounds["start"] ?? .null, bounds["end"] ?? .null)
    case (.array(let a), .array(let b)):
      return .array(
        JSONArray(indices(of: b.elements, in: a.elements).map { .number(JSONNumber($0)) }))
    default:
      if case .string(let k) = key {
        throw JQRuntimeError(message: "Cannot index \(container.typeName) with \"\(k)\"")
      }
      throw JQRuntimeError(message: "Cannot index \(container.typeName) with \(key.typeName)")
    }
  }

  /// Start positions of `needle` as a contiguous run in `haystack`.
  static func indices(of needle: [JSONValue], in haystack: [JSONValue]) -> [Int] {
    guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
    return (0...(haystack.count - needle.count)).filter { i in
      needle.indices.allSatisfy { haystack[i + $0] == needle[$0] }
    }
  }

  /// Clamped integer bounds of `.[from:to]` on a sequence of `count` items.
  static func sliceBounds(_ from: JSONValue, _ to: JSONValue, count: Int) throws -> Range<Int> {
    func bound(_ v: JSONValue, default d: Int, roundUp: Bool) throws -> Int {
      switch v {
      case .null: return d
      case .number(let n):
        var x = n.doubleValue
        if x.isNaN { x = 0 }
        x = roundUp ? x.rounded(.up) : x.rounded(.down)
        var i = Int(max(min(x, 1e18), -1e18))
        if i < 0 { i += count }
        return max(0, min(count, i))
      default:
        throw JQRuntimeError(message: "Start and end indices of an array slice must be numbers")
      }
    }
    let start = try bound(from, default: 0, roundUp: false)
    let end = try bound(to, default: count, roundUp: true)
    return start..<max(start, end)
  }

  static func slice(_ container: JSONValue, _ from: JSONValue, _ to: JSONValue) throws -> JSONValue
  {
    switch container {
    case .null: return .null
    case .array(let a):
      return .array(JSONArray(a.elements[try sliceBounds(from, to, count: a.count)]))
    case .string(let s):
      let scalars = Array(s.unicodeScalars)
      var out = String.UnicodeScalarView()
      out.append(contentsOf: scalars[try sliceBounds(from, to, count: scalars.count)])
      return .string(String(out))
    default:
      throw JQRuntimeError(message: "Cannot index \(container.typeName) with object")
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
  static func setpath(_ root: JSONValue, _ path: [JSONValue], _ value: JSONValue) throws
    -> JSONValue
  {
    var chain: [JSONValue] = []
    chain.reserveCapacity(path.count)
    var current = root
    for key in path {
      chain.append(current)
      current = try index(current, key)
    }
    var result = value
    for (container, key) in zip(chain, path).reversed() {
      result = try replacing(key, in: container, with: result)
    }
    return result
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
      var i = Int(max(min(n.doubleValue.rounded(.down), 1e18), -1e18))
      if i < 0 {
        i += items.count
        if i < 0 { throw JQRuntimeError(message: "Out of bounds negative array index") }
      }
      if i >= items.count {
        items.append(contentsOf: repeatElement(JSONValue.null, count: i - items.count + 1))
      }
      items[i] = value
      return .array(JSONArray(items))
    case (.array, .object(let bounds)), (.null, .object(let bounds)):
      let items = container.arrayValue?.elements ?? []
      guard case .array(let replacement) = value else {
        throw JQRuntimeError(message: "A slice of an array can only be assigned another array")
      }
      let range = try sliceBounds(
        bounds["start"] ?? .null, bounds["end"] ?? .null, count: items.count)
      var out = items
      out.replaceSubrange(range, with: replacement.elements)
      return .array(JSONArray(out))
    default:
      _ = try index(container, key)
      throw JQRuntimeError(message: "Cannot update field at object index of \(container.typeName)")
    }
  }

  /// `root` without the value at `path`; a missing path changes nothing.
  static func delpath(_ root: JSONValue, _ path: [JSONValue]) throws -> JSONValue {
    guard let lastKey = path.last else { return .null }
    var chain: [JSONValue] = []
    var current = root
    for key in path.dropLast() {
      chain.append(current)
      if case .null = current { return root }
      current = try index(current, key)
    }
    var result: JSONValue
    switch (current, lastKey) {
    case (.null, _):
      return root
    case (.object(var o), .string(let k)):
      o.removeValue(forKey: k)
      result = .object(o)
    case (.array(var a), .number(let n)):
      var i = Int(max(min(n.doubleValue.rounded(.down), 1e18), -1e18))
      if i < 0 {
        i += a.count
        if i < 0 { throw JQRuntimeError(message: "Out of bounds negative array index") }
      }
      if i < a.count { a.remove(at: i) }
      result = .array(a)
    case (.array(let a), .object(let bounds)):
      let range = try sliceBounds(bounds["start"] ?? .null, bounds["end"] ?? .null, count: a.count)
      var items = a.elements
      items.removeSubrange(range)
      result = .array(JSONArray(items))
    default:
      if case .string = lastKey {
        throw JQRuntimeError(message: "Cannot delete field at object index of \(current.typeName)")
      }
      throw JQRuntimeError(message: "Cannot delete field at index of \(current.typeName)")
    }
    for (container, key) in zip(chain, path.dropLast()).reversed() {
      result = try replacing(key, in: container, with: result)
    }
    return result
  }

  /// jq deletes the longest, last paths first so earlier indices stay valid.
  static func delpaths(_ root: JSONValue, _ paths: [JSONValue]) throws -> JSONValue {
    var result = root
    for p in paths.sorted(by: >) {
      guard case .array(let keys) = p else {
        throw JQRuntimeError(message: "Path must be specified as an array")
      }
      result = try delpath(result, keys.elements)
    }
    return result
  }
}
