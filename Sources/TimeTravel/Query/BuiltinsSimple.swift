import Foundation

extension Builtins {
  /// Builtins that map the input and already-evaluated arguments to exactly
  /// one value.
  // swiftlint:disable:next cyclomatic_complexity function_body_length
  static func simple(_ name: String, _ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    switch (name, args.count) {
    case ("not", 0): return .bool(!input.isTruthy)
    case ("length", 0):
      switch input {
      case .null: return 0
      case .bool: throw JQRuntimeError(message: "\(Describe.value(input)) has no length")
      case .number(let n): return n.literal.hasPrefix("-") ? .number(Arithmetic.negate(n)) : input
      case .string(let s): return .number(JSONNumber(s.unicodeScalars.count))
      case .array(let a): return .number(JSONNumber(a.count))
      case .object(let o): return .number(JSONNumber(o.count))
      }
    case ("utf8bytelength", 0):
      guard case .string(let s) = input else {
        throw JQRuntimeError(
          message: "\(Describe.value(input)) only strings have UTF-8 byte length")
      }
      return .number(JSONNumber(s.utf8.count))
    case ("keys", 0), ("keys_unsorted", 0):
      switch input {
      case .object(let o):
        let keys = name == "keys" ? o.keys.sorted(by: JSONValue.codePointOrder) : o.keys
        return .array(JSONArray(keys.map { .string($0) }))
      case .array(let a): return .array(JSONArray(a.indices.map { .number(JSONNumber($0)) }))
      default: throw JQRuntimeError(message: "\(Describe.value(input)) has no keys")
      }
    case ("has", 1):
      switch (input, args[0]) {
      case (.null, _): return false  // jq's jv_has: null has no key of any type
      case (.object(let o), .string(let k)): return .bool(o[k] != nil)
      case (.array(let a), .number(let n)):
        return .bool(n.doubleValue >= 0 && n.doubleValue < Double(a.count))
      default:
        throw JQRuntimeError(
          message: "Cannot check whether \(input.typeName) has a \(args[0].typeName) key")
      }
    case ("contains", 1):
      guard input.typeName == args[0].typeName else {
        throw JQRuntimeError(
          message:
            "\(Describe.value(input)) and \(Describe.value(args[0])) cannot have their containment checked"
        )
      }
      return .bool(contains(input, args[0]))
    case ("add", 0):
      switch input {
      case .array(let a): return try a.reduce(JSONValue.null) { try Arithmetic.add($0, $1) }
      case .object(let o): return try o.values.reduce(JSONValue.null) { try Arithmetic.add($0, $1) }
      // jq: `def add: reduce .[] as $x (null; . + $x)`, and `null | .[]` is an error.
      default: throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(input))")
      }
    case ("type", 0): return .string(input.typeName)
    case ("tostring", 0): return .string(tostring(input))
    case ("tojson", 0): return .string(JSONPrinter.compact.print(input))
    case ("tonumber", 0):
      switch input {
      case .number: return input
      case .string(let s):
        let t = s.trimmingCharacters(in: .whitespaces)
        if let n = JSONNumber(literal: t) { return .number(n) }
        if let d = Double(t), !t.lowercased().contains("n") { return number(d) }
        throw JQRuntimeError(message: "Cannot parse '\(s)' as JSON")
      default:
        throw JQRuntimeError(message: "\(Describe.value(input)) cannot be parsed as a number")
      }
    case ("fromjson", 0):
      guard case .string(let s) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) only strings can be parsed")
      }
      do { return try JSONParser.parse(s) } catch {
        if s.trimmingCharacters(in: .whitespaces) == "nan" { return number(.nan) }
        throw JQRuntimeError(message: "\(s) (while parsing '\(s)')")
      }
    case ("ascii_downcase", 0), ("ascii_upcase", 0):
      guard case .string(let s) = input else {
        throw JQRuntimeError(
          message: "\(Describe.value(input)) cannot be case-converted... only strings can")
      }
      let lower = name == "ascii_downcase"
      var out = String.UnicodeScalarView()
      for c in s.unicodeScalars {
        if lower, c >= "A", c <= "Z" {
          out.append(Unicode.Scalar(c.value + 32)!)
        } else if !lower, c >= "a", c <= "z" {
          out.append(Unicode.Scalar(c.value - 32)!)
        } else {
          out.append(c)
        }
      }
      return .string(String(out))
    case ("ltrimstr", 1), ("rtrimstr", 1):
      guard case .string(let s) = input, case .string(let affix) = args[0] else { return input }
      if name == "ltrimstr", s.utf8.starts(with: affix.utf8) {
        return .string(String(decoding: s.utf8.dropFirst(affix.utf8.count), as: UTF8.self))
      }
      if name == "rtrimstr", s.utf8.reversed().starts(with: affix.utf8.reversed()) {
        return .string(String(decoding: s.utf8.dropLast(affix.utf8.count), as: UTF8.self))
      }
      return input
    case ("startswith", 1), ("endswith", 1):
      guard case .string(let s) = input, case .string(let affix) = args[0] else {
        throw JQRuntimeError(message: "\(name)() requires string inputs")
      }
      return .bool(
        name == "startswith"
          ? s.utf8.starts(with: affix.utf8) : s.utf8.reversed().starts(with: affix.utf8.reversed()))
    case ("trim", 0), ("ltrim", 0), ("rtrim", 0):
      guard case .string(let s) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) has no whitespace to trim")
      }
      var scalars = Substring(s).unicodeScalars[...]
      if name != "rtrim" {
        while let f = scalars.first, f.properties.isWhitespace { scalars.removeFirst() }
      }
      if name != "ltrim" {
        while let l = scalars.last, l.properties.isWhitespace { scalars.removeLast() }
      }
      return .string(String(String.UnicodeScalarView(scalars)))
    case ("explode", 0):
      guard case .string(let s) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) cannot be exploded")
      }
      return .array(JSONArray(s.unicodeScalars.map { .number(JSONNumber(Int($0.value))) }))
    case ("implode", 0):
      guard case .array(let a) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) cannot be imploded")
      }
      var out = String.UnicodeScalarView()
      for item in a {
        guard case .number(let n) = item else {
          throw JQRuntimeError(message: "Unicode codepoint must be numeric")
        }
        out.append(Unicode.Scalar(UInt32(clamping: Int(n.doubleValue))) ?? "\u{FFFD}")
      }
      return .string(String(out))
    case ("split", 1):
      guard case .string(let s) = input, case .string(let sep) = args[0] else {
        throw JQRuntimeError(message: "split input and separator must be strings")
      }
      return .array(JSONArray(Strings.split(s, by: sep).map { .string($0) }))
    case ("split", 2):
      return try Regex.split(input, args[0], args[1])
    case ("join", 1):
      guard case .array(let a) = input else {
        throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(input))")
      }
      guard !a.isEmpty else { return "" }
      var out = ""
      for (i, item) in a.enumerated() {
        if i > 0 {
          guard case .string(let sep) = args[0] else {
            throw JQRuntimeError(
              message:
                "\(Describe.value(.string(out))) and \(Describe.value(args[0])) cannot be added")
          }
          out += sep
        }
        switch item {
        case .null: break
        case .string(let s): out += s
        case .number, .bool: out += JSONPrinter.compact.print(item)
        default: throw JQRuntimeError(message: "Cannot join with \(item.typeName)")
        }
      }
      return .string(out)
    case ("floor", 0), ("ceil", 0), ("round", 0), ("sqrt", 0), ("fabs", 0), ("log", 0), ("exp", 0),
      ("log10", 0), ("log2", 0), ("exp10", 0), ("exp2", 0), ("significand", 0), ("trunc", 0):
      guard case .number(let n) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) number required")
      }
      if n.isInteger, ["floor", "ceil", "round", "trunc"].contains(name) { return input }
      let d = n.doubleValue
      let r: Double =
        switch name {
        case "floor": d.rounded(.down)
        case "ceil": d.rounded(.up)
        case "round": d.rounded(.toNearestOrAwayFromZero)
        case "trunc": d.rounded(.towardZero)
        case "sqrt": d.squareRoot()
        case "fabs": Swift.abs(d)
        case "log": Foundation.log(d)
        case "exp": Foundation.exp(d)
        case "log10": Foundation.log10(d)
        case "log2": Foundation.log2(d)
        case "exp10": Foundation.pow(10, d)
        case "exp2": Foundation.exp2(d)
        default: d.significand
        }
      return number(r)
    case ("abs", 0):
      guard case .number(let n) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) has no absolute value")
      }
      return n.doubleValue < 0 ? .number(Arithmetic.negate(n)) : input
    case ("pow", 2):
      guard case .number(let a) = args[0], case .number(let b) = args[1] else {
        throw JQRuntimeError(message: "pow requires numbers")
      }
      return number(Foundation.pow(a.doubleValue, b.doubleValue))
    case ("infinite", 0): return number(.infinity)
    case ("nan", 0): return number(.nan)
    case ("isinfinite", 0), ("isnan", 0), ("isnormal", 0):
      guard case .number(let n) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) number required")
      }
      let d = n.literal == "null" ? Double.nan : n.doubleValue
      return .bool(name == "isinfinite" ? d.isInfinite : name == "isnan" ? d.isNaN : d.isNormal)
    case ("min", 0), ("max", 0), ("sort", 0), ("unique", 0):
      guard case .array(let a) = input else {
        throw JQRuntimeError(
          message: "\(Describe.value(input)) cannot be sorted, as it is not an array")
      }
      let sorted = a.elements.enumerated().sorted { x, y in
        let c = JSONValue.compare(x.element, y.element)
        return c != 0 ? c < 0 : x.offset < y.offset
      }.map(\.element)
      switch name {
      case "min": return sorted.first ?? .null
      case "max": return sorted.last ?? .null
      case "sort": return .array(JSONArray(sorted))
      default:
        var out: [JSONValue] = []
        for v in sorted where out.last != v { out.append(v) }
        return .array(JSONArray(out))
      }
    case ("reverse", 0):
      switch input {
      case .array(let a): return .array(JSONArray(a.reversed()))
      case .string(let s):
        return .string(String(String.UnicodeScalarView(s.unicodeScalars.reversed())))
      case .null: return []
      default: throw JQRuntimeError(message: "Cannot reverse \(Describe.value(input))")
      }
    case ("flatten", 0), ("flatten", 1):
      var depth = 1e18
      if args.count == 1 {
        guard case .number(let n) = args[0] else {
          throw JQRuntimeError(message: "flatten depth must not be negative")
        }
        depth = n.doubleValue
        if depth < 0 { throw JQRuntimeError(message: "flatten depth must not be negative") }
      }
      // jq iterates the input with `.[]`, so an object's values are flattened too.
      switch input {
      case .array(let a): return .array(JSONArray(flatten(a, depth: depth)))
      case .object(let o): return .array(JSONArray(flatten(JSONArray(o.values), depth: depth)))
      default: throw JQRuntimeError(message: "Cannot iterate over \(Describe.value(input))")
      }
    case ("indices", 1):
      switch (input, args[0]) {
      case (.null, _), (_, .null): return .null
      case (.string(let s), .string(let needle)):
        return .array(JSONArray(stringIndices(s, needle).map { .number(JSONNumber($0)) }))
      case (.array, .array): return try Paths.index(input, args[0])
      case (.array, _): return try Paths.index(input, [args[0]])
      default: return try Paths.index(input, args[0])
      }
    case ("bsearch", 1):
      guard case .array(let a) = input else {
        throw JQRuntimeError(message: "\(Describe.value(input)) cannot be searched from")
      }
      var low = 0
      var high = a.count - 1
      while low <= high {
        let mid = (low + high) / 2
        let c = JSONValue.compare(a[mid], args[0])
        if c == 0 { return .number(JSONNumber(mid)) }
        if c < 0 { low = mid + 1 } else { high = mid - 1 }
      }
      return .number(JSONNumber(-1 - low))
    case ("to_entries", 0):
      // jq defines it as `[keys_unsorted[] as $k | {key: $k, value: .[$k]}]`, so an
      // array gives its indexes as keys.
      switch input {
      case .object(let o):
        return .array(JSONArray(o.map { ["key": .string($0.key), "value": $0.value] }))
      case .array(let a):
        return .array(
          JSONArray(a.elements.enumerated().map { ["key": .number(JSONNumber($0)), "value": $1] }))
      default: throw JQRuntimeError(message: "\(Describe.value(input)) has no keys")
      }
    case ("delpaths", 1):
      guard case .array(let paths) = args[0] else {
        throw JQRuntimeError(message: "Paths must be specified as an array")
      }
      return try Paths.delpaths(input, paths.elements)
    case ("env", 0): return environmentObject
    case ("builtins", 0):
      return .array(
        JSONArray(
          (signatures.union(Prelude.signatures)).filter { !$0.hasPrefix("_") }.sorted().map {
            .string($0)
          }))
    case ("input_filename", 0): return .null
    case ("debug", 0), ("stderr", 0): return input
    case ("have_decnum", 0), ("have_literal_numbers", 0): return true
    case ("toarray", 0):
      if case .array = input { return input }
      return [input]
    case ("now", 0): return number(Date().timeIntervalSince1970)
    case ("ascii", 0):
      guard case .number(let n) = input, let s = Unicode.Scalar(UInt32(clamping: n.intValue ?? 0))
      else {
        return .null
      }
      return .string(String(s))
    default:
      throw JQRuntimeError(message: "\(name)/\(args.count) is not defined")
    }
  }

  /// jq's `jv_contains`: values of different kinds never contain each other
  /// below the top level. Iterative, with an explicit stack, so a deeply
  /// nested value never recurses.
  static func contains(_ a: JSONValue, _ b: JSONValue) -> Bool {
    var stack: [ContainsStep] = []
    var answer = ContainsStep.start(a, b, &stack)
    while let step = stack.popLast() {
      switch step {
      case .object(let hay, let needle, var member):
        // `nil`: just pushed; otherwise the answer for `member`.
        if answer == false { continue }
        if answer == true { member += 1 }
        guard member < needle.count else {
          answer = true
          continue
        }
        guard let mine = hay[needle.keys[member]] else {
          answer = false
          continue
        }
        stack.append(.object(hay, needle, member: member))
        answer = ContainsStep.start(mine, needle.values[member], &stack)
      case .array(let hay, let needle, var item, var candidate):
        // Each needle item must be contained in some hay element.
        if answer == true {
          item += 1
          candidate = 0
        } else if answer == false {
          candidate += 1
        }
        if item == needle.count {
          answer = true
          continue
        }
        if candidate == hay.count {
          answer = false
          continue
        }
        stack.append(.array(hay, needle, item: item, candidate: candidate))
        answer = ContainsStep.start(hay[candidate], needle[item], &stack)
      }
    }
    return answer ?? true
  }

  /// Iterative flatten so deeply nested arrays never recurse.
  static func flatten(_ a: JSONArray, depth: Double) -> [JSONValue] {
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
    return out
  }

  /// Byte offsets of `needle` in `s`, as jq 1.7 reports for strings.
  static func stringIndices(_ s: String, _ needle: String) -> [Int] {
    let hay = Array(s.utf8)
    let n = Array(needle.utf8)
    guard !n.isEmpty, n.count <= hay.count else { return [] }
    return (0...(hay.count - n.count)).filter { i in hay[i..<(i + n.count)].elementsEqual(n) }
  }
}

/// A pending comparison of ``Builtins/contains(_:_:)``: a container pair and
/// how far its check has got.
enum ContainsStep {
  /// Every member of `needle` must be contained in the same key of `hay`;
  /// `member` is the index being checked.
  case object(JSONObject, JSONObject, member: Int)
  /// Every item of `needle` must be contained in some element of `hay`;
  /// `item` is checked against `hay[candidate]`.
  case array(JSONArray, JSONArray, item: Int, candidate: Int)

  /// Starts comparing `a` with `b`: the answer for scalars and mismatched
  /// kinds, or `nil` after pushing the step that will answer for containers.
  static func start(_ a: JSONValue, _ b: JSONValue, _ stack: inout [ContainsStep]) -> Bool? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      stack.append(.object(x, y, member: 0))
      return nil
    case (.array(let x), .array(let y)):
      stack.append(.array(x, y, item: 0, candidate: 0))
      return nil
    case (.string(let x), .string(let y)):
      return y.isEmpty || x.utf8.count >= y.utf8.count && x.range(of: y, options: .literal) != nil
    default:
      return a.typeName == b.typeName && a == b
    }
  }
}
