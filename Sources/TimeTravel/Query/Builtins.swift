import Foundation

/// Builtins implemented in Swift: those that need early exit, path mode,
/// iteration without recursion, or are simply faster natively. The rest are
/// jq definitions in ``Prelude``.
enum Builtins {
  /// `name/arity` of every native builtin, for compile-time checks.
  static let signatures: Set<String> = [
    "empty/0", "not/0", "error/0", "error/1", "path/1", "getpath/1", "setpath/2", "delpaths/1",
    "first/1", "last/1", "limit/2", "range/1", "range/2", "range/3", "isempty/1", "select/1",
    "recurse/0",
    "any/2", "all/2", "paths/0", "length/0", "utf8bytelength/0", "keys/0", "keys_unsorted/0",
    "has/1", "contains/1", "add/0", "type/0", "tostring/0", "tonumber/0", "tojson/0",
    "fromjson/0", "ascii_downcase/0", "ascii_upcase/0", "ltrimstr/1", "rtrimstr/1",
    "startswith/1", "endswith/1", "explode/0", "implode/0", "split/1", "join/1", "floor/0",
    "ceil/0", "round/0", "sqrt/0", "fabs/0", "abs/0", "pow/2", "log/0", "exp/0", "log10/0",
    "log2/0", "exp10/0", "exp2/0", "min/0", "max/0", "sort/0", "unique/0", "reverse/0",
    "flatten/0", "flatten/1", "indices/1", "to_entries/0", "infinite/0", "nan/0",
    "isinfinite/0", "isnan/0", "isnormal/0", "sort_by/1", "group_by/1", "min_by/1", "max_by/1",
    "unique_by/1", "env/0", "builtins/0", "input_filename/0", "debug/0", "stderr/0",
    "_match_impl/3", "split/2", "trim/0", "ltrim/0", "rtrim/0", "ascii/0",
    "have_decnum/0", "bsearch/1",
    "have_literal_numbers/0", "significand/0", "trunc/0", "toarray/0", "now/0",
  ]

  static let environmentObject: JSONValue = .object(
    JSONObject(
      ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map {
        ($0.key, .string($0.value))
      }))

  static func tostring(_ v: JSONValue) -> String {
    if case .string(let s) = v { return s }
    return JSONPrinter.compact.print(v)
  }

  static func number(_ d: Double) -> JSONValue { .number(JSONNumber(d)) }

  // swiftlint:disable:next cyclomatic_complexity function_body_length
  static func call(
    _ ev: Evaluator, _ name: String, _ args: [Node], _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    // Filters whose outputs keep paths, or that take unevaluated filters.
    switch (name, args.count) {
    case ("empty", 0): return
    case ("error", 0): throw JQRuntimeError(value: input)
    case ("error", 1):
      try ev.eval(args[0], input, nil, env) { v, _ in throw JQRuntimeError(value: v) }
      return
    case ("path", 1):
      try ev.eval(args[0], input, [], env) { _, p in
        let value = JSONValue.array(JSONArray(p ?? []))
        try ev.requireValueMode(path, value)
        try emit(value, nil)
      }
      return
    case ("getpath", 1):
      try ev.eval(args[0], input, nil, env) { p, _ in
        guard case .array(let keys) = p else {
          throw JQRuntimeError(message: "Path must be specified as an array")
        }
        // As jq's jv_getpath: a path through a scalar is an error, not null.
        let value = try Paths.getpath(input, keys.elements)
        try emit(value, path.map { $0 + keys.elements })
      }
      return
    case ("select", 1):
      try ev.eval(args[0], input, nil, env) { c, _ in if c.isTruthy { try emit(input, path) } }
      return
    case ("recurse", 0):
      try ev.recurseAll(input, path, emit)
      return
    case ("first", 1):
      let token = ev.freshToken()
      do {
        try ev.eval(args[0], input, path, env) { v, p in
          try emit(v, p)
          throw StopSignal(token: token)
        }
      } catch let s as StopSignal where s.token == token {}
      return
    case ("last", 1):
      var last: (JSONValue, Path?)?
      try ev.eval(args[0], input, path, env) { v, p in last = (v, p) }
      if let last { try emit(last.0, last.1) }
      return
    case ("limit", 2):
      try ev.eval(args[0], input, nil, env) { n, _ in
        guard case .number(let count) = n else {
          throw JQRuntimeError(message: "Invalid limit: must be a number")
        }
        let limit = count.doubleValue
        guard limit > 0 else { return }
        var seen = 0.0
        let token = ev.freshToken()
        do {
          try ev.eval(args[1], input, path, env) { v, p in
            seen += 1
            try emit(v, p)
            if seen >= limit { throw StopSignal(token: token) }
          }
        } catch let s as StopSignal where s.token == token {}
      }
      return
    case ("isempty", 1):
      let token = ev.freshToken()
      var empty = true
      do {
        try ev.eval(args[0], input, nil, env) { _, _ in
          empty = false
          throw StopSignal(token: token)
        }
      } catch let s as StopSignal where s.token == token {}
      try ev.requireValueMode(path, .bool(empty))
      return try emit(.bool(empty), nil)
    case ("any", 2), ("all", 2):
      let wanted = name == "any"
      let token = ev.freshToken()
      var decided = false
      do {
        try ev.eval(args[0], input, nil, env) { item, _ in
          try ev.eval(args[1], item, nil, env) { c, _ in
            if c.isTruthy == wanted {
              decided = true
              throw StopSignal(token: token)
            }
          }
        }
      } catch let s as StopSignal where s.token == token {}
      let result = JSONValue.bool(decided ? wanted : !wanted)
      try ev.requireValueMode(path, result)
      return try emit(result, nil)
    case ("range", 1), ("range", 2), ("range", 3):
      try rangeArguments(ev, args[...], [], input, env) { bounds in
        let (from, upto, by) =
          bounds.count == 1
          ? (0.0, bounds[0], 1.0) : (bounds[0], bounds[1], bounds.count == 3 ? bounds[2] : 1.0)
        var x = from
        if by > 0 {
          while x < upto {
            try ev.requireValueMode(path, number(x))
            try emit(number(x), nil)
            x += by
          }
        } else if by < 0 {
          while x > upto {
            try ev.requireValueMode(path, number(x))
            try emit(number(x), nil)
            x += by
          }
        } else if from < upto {
          while true { try emit(number(x), nil) }
        }
      }
      return
    case ("paths", 0):
      var first = true
      try ev.recurseAll(input, []) { _, p in
        if first {
          first = false
          return
        }
        let value = JSONValue.array(JSONArray(p ?? []))
        try ev.requireValueMode(path, value)
        try emit(value, nil)
      }
      return
    case ("sort_by", 1), ("group_by", 1), ("min_by", 1), ("max_by", 1), ("unique_by", 1):
      guard case .array(let a) = input else {
        throw JQRuntimeError(message: "Cannot index \(input.typeName) with number")
      }
      let keyed = try a.map { item in
        (key: JSONValue.array(JSONArray(try ev.values(args[0], item, env))), value: item)
      }
      let result = try byKey(name, keyed)
      try ev.requireValueMode(path, result)
      return try emit(result, nil)
    case ("setpath", 2):
      try ev.eval(args[1], input, nil, env) { value, _ in
        try ev.eval(args[0], input, nil, env) { p, _ in
          guard case .array(let keys) = p else {
            throw JQRuntimeError(message: "Path must be specified as an array")
          }
          let result = try Paths.setpath(input, keys.elements, value)
          try ev.requireValueMode(path, result)
          try emit(result, nil)
        }
      }
      return
    case ("_match_impl", 3):
      try ev.eval(args[2], input, nil, env) { testMode, _ in
        try ev.eval(args[1], input, nil, env) { flags, _ in
          try ev.eval(args[0], input, nil, env) { regex, _ in
            let result = try Regex.match(input, regex, flags, testMode: testMode.isTruthy)
            try ev.requireValueMode(path, result)
            try emit(result, nil)
          }
        }
      }
      return
    default:
      break
    }
    guard signatures.contains("\(name)/\(args.count)") else {
      throw JQRuntimeError(message: "\(name)/\(args.count) is not defined")
    }
    // Everything else maps input and argument values to one value, taking
    // argument generators as a cartesian product (last argument outermost).
    try cartesian(ev, args[...], [], input, env) { values in
      let result = try simple(name, input, values)
      try ev.requireValueMode(path, result)
      try emit(result, nil)
    }
  }

  private static func cartesian(
    _ ev: Evaluator, _ args: ArraySlice<Node>, _ values: [JSONValue], _ input: JSONValue,
    _ env: Environment, _ body: ([JSONValue]) throws -> Void
  ) throws {
    guard let last = args.last else { return try body(values) }
    try ev.eval(last, input, nil, env) { v, _ in
      try cartesian(ev, args.dropLast(), [v] + values, input, env, body)
    }
  }

  private static func rangeArguments(
    _ ev: Evaluator, _ args: ArraySlice<Node>, _ values: [Double], _ input: JSONValue,
    _ env: Environment, _ body: ([Double]) throws -> Void
  ) throws {
    // jq's range/2 varies the first argument slowest.
    guard let first = args.first else { return try body(values) }
    try ev.eval(first, input, nil, env) { v, _ in
      guard case .number(let n) = v else {
        throw JQRuntimeError(message: "Range bounds must be numeric")
      }
      try rangeArguments(ev, args.dropFirst(), values + [n.doubleValue], input, env, body)
    }
  }

  private static func byKey(_ name: String, _ keyed: [(key: JSONValue, value: JSONValue)]) throws
    -> JSONValue
  {
    // Stable sort keeps equal keys in input order, as jq's merge sort does.
    let sorted = keyed.enumerated().sorted { a, b in
      let c = JSONValue.compare(a.element.key, b.element.key)
      return c != 0 ? c < 0 : a.offset < b.offset
    }.map(\.element)
    switch name {
    case "sort_by": return .array(JSONArray(sorted.map(\.value)))
    case "min_by": return sorted.first?.value ?? .null
    case "max_by":
      // jq picks the last of equal maxima.
      return sorted.last?.value ?? .null
    default:
      var groups: [[JSONValue]] = []
      var lastKey: JSONValue?
      for item in sorted {
        if let k = lastKey, k == item.key {
          groups[groups.count - 1].append(item.value)
        } else {
          groups.append([item.value])
          lastKey = item.key
        }
      }
      if name == "unique_by" { return .array(JSONArray(groups.map { $0[0] })) }
      return .array(JSONArray(groups.map { .array(JSONArray($0)) }))
    }
  }
}
