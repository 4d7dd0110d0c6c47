import TimeTravelJSON

/// Arrays and objects: sizes, keys, membership, sorting and grouping.
extension Builtins {
  static let collections: [Builtin] = [
    .value("length", 0, length),
    .value("keys", 0) { input, _ in try keys(input, sorted: true) },
    .value("keys_unsorted", 0) { input, _ in try keys(input, sorted: false) },
    .value("has", 1, has),
    .value("contains", 1, contains),
    .value("add", 0, add),
    .value("to_entries", 0, toEntries),
    .value("reverse", 0, reverse),
    .value("flatten", 0, flatten),
    .value("flatten", 1, flatten),
    .value("indices", 1, indices),
    .value("bsearch", 1, bsearch),
  ]

  /// `length`: code points of a string, members of an array or object, the absolute
  /// value of a number, 0 for `null`.
  static func length(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    switch input {
    case .null: return 0
    case .bool: throw JQRuntimeError(message: "\(Describe.value(input)) has no length")
    case .number(let n): return n.literal.hasPrefix("-") ? .number(Arithmetic.negate(n)) : input
    case .string(let s): return .number(JSONNumber(Builtins.codePointCount(s)))
    case .array(let a): return .number(JSONNumber(a.count))
    case .object(let o): return .number(JSONNumber(o.count))
    }
  }

  /// The number of code points of `s`, counted on its UTF-8 bytes: all of them less the
  /// continuation bytes (`10xxxxxx`), eight at a time.
  static func codePointCount(_ s: String) -> Int {
    var copy = s
    return copy.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return 0 }
      let total = bytes.count
      var continuations = 0
      var i = 0
      while i &+ 8 <= total {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        // Bit 7 set and bit 6 (shifted up into bit 7's place) clear, per byte.
        continuations &+= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
        i &+= 8
      }
      while i < total {
        if base[i] & 0xC0 == 0x80 { continuations &+= 1 }
        i &+= 1
      }
      return total &- continuations
    }
  }

  /// `keys` (sorted by code point) and `keys_unsorted` (insertion order); an array's
  /// keys are its positions.
  static func keys(_ input: JSONValue, sorted: Bool) throws -> JSONValue {
    switch input {
    case .object(let o):
      let keys = sorted ? o.keys.sorted(by: JSONValue.codePointOrder) : o.keys
      return .array(JSONArray(keys.map { .string($0) }))
    case .array(let a): return .array(JSONArray(a.indices.map { .number(JSONNumber($0)) }))
    default: throw JQRuntimeError(message: "\(Describe.value(input)) has no keys")
    }
  }

  /// `has(k)`: whether an object has key `k` or an array has position `k`; `null` has
  /// nothing (jq's `jv_has`).
  static func has(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    switch (input, args[0]) {
    case (.null, _): return false
    case (.object(let o), .string(let k)): return .bool(o[k] != nil)
    case (.array(let a), .number(let n)):
      // jq 1.8 truncates the position toward zero: `has(-0.5)` is `has(0)`.
      let d = n.doubleValue
      return .bool(!d.isNaN && Int(LibM.saturatingInt32(d)) >= 0 && d < Double(a.count))
    default:
      throw JQRuntimeError(
        message: "Cannot check whether \(input.typeName) has a \(args[0].typeName) key")
    }
  }

  /// `contains(b)`: jq's `jv_contains`, through ``ContainsStep``.
  static func contains(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard input.typeName == args[0].typeName else {
      throw JQRuntimeError(
        message:
          "\(Describe.value(input)) and \(Describe.value(args[0])) cannot have their containment checked"
      )
    }
    return .bool(ContainsStep.contains(input, args[0]))
  }

  /// `add`: the sum of an array's elements or an object's values with `+`.
  static func add(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    switch input {
    case .array(let a):
      return try a.reduce(into: JSONValue.null) { try Arithmetic.add(into: &$0, $1) }
    case .object(let o):
      return try o.values.reduce(into: JSONValue.null) { try Arithmetic.add(into: &$0, $1) }
    // jq: `def add: reduce .[] as $x (null; . + $x)`, and `null | .[]` is an error.
    default: throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(input))")
    }
  }

  /// `to_entries`: `[{key, value}]` in insertion order; an array's keys are its positions,
  /// as jq 1.7's `[keys_unsorted[] as $k | {key: $k, value: .[$k]}]` gives.
  static func toEntries(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    switch input {
    case .object(let o):
      return .array(JSONArray(o.map { ["key": .string($0.key), "value": $0.value] }))
    case .array(let a):
      return .array(
        JSONArray(
          a.enumerated().map { ["key": .number(JSONNumber($0.offset)), "value": $0.element] }))
    default:
      throw JQRuntimeError(message: "\(Describe.value(input)) has no keys")
    }
  }

  /// `reverse`: an array or a string (by code point) backwards; `null` gives `[]`.
  static func reverse(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    switch input {
    case .array(let a): return .array(JSONArray(a.reversed()))
    case .string(let s):
      return .string(String(String.UnicodeScalarView(s.unicodeScalars.reversed())))
    case .null: return []
    default: throw JQRuntimeError(message: "Cannot reverse \(Describe.value(input))")
    }
  }

  /// `flatten` and `flatten(depth)`; iterative, so deeply nested arrays never recurse.
  static func flatten(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    var depth = 1e18
    if let argument = args.first {
      guard case .number(let n) = argument, n.doubleValue >= 0 else {
        throw JQRuntimeError(message: "flatten depth must not be negative")
      }
      depth = n.doubleValue
    }
    // jq iterates the input with `.[]`, so an object's values are flattened too.
    let a: JSONArray
    switch input {
    case .array(let elements): a = elements
    case .object(let o): a = JSONArray(o.values)
    default: throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(input))")
    }
    var out: [JSONValue] = []
    var stack: [(JSONArray, Int, Double)] = [(a, 0, depth)]
    while let (array, index, d) = stack.popLast() {
      guard index < array.count else { continue }
      stack.append((array, index + 1, d))
      if case .array(let inner) = array[index], d > 0 {
        stack.append((inner, 0, d - 1))
      } else {
        out.append(array[index])
      }
    }
    return .array(JSONArray(out))
  }

  /// `indices(i)` as jq 1.7's `builtin.jq` defines it: `.[i]` for two arrays, `.[[i]]`
  /// for an array and anything else, byte offsets (`_strindices`) for two strings, and
  /// plain `.[i]` otherwise — so `null | indices("a")` is `null` but
  /// `"abc" | indices(null)` is `Cannot index string with null (null)`.
  static func indices(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    switch (input, args[0]) {
    case (.array, .array): return try Paths.index(input, args[0])
    case (.array, _): return try Paths.index(input, [args[0]])
    case (.string(let s), .string(let needle)):
      return .array(JSONArray(stringIndices(s, needle).map { .number(JSONNumber($0)) }))
    default: return try Paths.index(input, args[0])
    }
  }

  /// Byte offsets of `needle` in `s`, overlapping, as jq 1.7's `_strindices` reports them.
  static func stringIndices(_ s: String, _ needle: String) -> [Int] {
    guard !needle.isEmpty, needle.utf8.count <= s.utf8.count else { return [] }
    var offsets: [Int] = []
    ByteSearch(needle.utf8).forEachMatch(in: s.utf8, overlapping: true) {
      offsets.append($0)
      return true
    }
    return offsets
  }

  /// `bsearch(x)`: the position of `x` in a sorted array, or `-1 - insertion point`.
  static func bsearch(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard case .array(let a) = input else {
      throw JQRuntimeError(message: "\(Describe.value(input)) cannot be searched from")
    }
    var low = 0
    var high = a.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let c = JQOrder.compare(a[mid], args[0])
      if c == 0 { return .number(JSONNumber(mid)) }
      if c < 0 { low = mid + 1 } else { high = mid - 1 }
    }
    return .number(JSONNumber(-1 - low))
  }
}
