import TimeTravelJSON

/// Generators and early exit: the builtins jq writes with `label`/`break`, `foreach` or
/// its `RANGE` opcode.
extension Builtins {
  static let streams: [Builtin] = [
    .filter("select", 1, select),
    .filter("recurse", 0) { call, emit in try call.evaluator.recurseAll(call.input, call.path, emit)
    },
    .filter("first", 1, first),
    .filter("last", 1, last),
    .filter("limit", 2, limit),
    .filter("isempty", 1, isempty),
    .filter("any", 2) { call, emit in try anyOrAll(call, emit, wanted: true) },
    .filter("all", 2) { call, emit in try anyOrAll(call, emit, wanted: false) },
    .filter("range", 1, range),
    .filter("range", 2, range),
    .filter("range", 3, range),
  ]

  /// `select(f)`: the input, with its path, once for each truthy output of `f`.
  static func select(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.each(0) { condition in
      if condition.isTruthy { try emit(call.input, call.path) }
    }
  }

  /// `first(f)`: the first output of `f`, which then stops.
  static func first(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.stopping { stop in
      try call.eachKeepingPaths(0) { value, path in
        try emit(value, path)
        try stop()
      }
    }
  }

  /// `last(f)`: the last output of `f`, none when `f` is empty — as jq's manual
  /// (`[first(empty), last(empty), nth(5; empty)]` is `[]`) has it since jq 1.8; jq 1.7's
  /// `reduce f as $x (null; $x)` gave `null`.
  static func last(_ call: BuiltinCall, _ emit: Emit) throws {
    var last: (JSONValue, Path?)?
    try call.eachKeepingPaths(0) { value, path in last = (value, path) }
    if let last { try emit(last.0, last.1) }
  }

  /// `limit(n; f)`: the first `n` outputs of `f`, as jq 1.7's `builtin.jq` defines it:
  /// nothing when `n` is 0, every output when `n` is negative (jq compares with its
  /// ordering of all values, so a string `n` also lets every output through).
  static func limit(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.each(0) { n in
      if n == 0 { return }
      guard JSONValue.compare(n, 0) > 0 else { return try call.eachKeepingPaths(1, emit) }
      var seen = 0
      try call.stopping { stop in
        try call.eachKeepingPaths(1) { value, path in
          seen += 1
          try emit(value, path)
          if JSONValue.compare(.number(JSONNumber(seen)), n) >= 0 { try stop() }
        }
      }
    }
  }

  /// `isempty(f)`: whether `f` has no output; stops at the first.
  static func isempty(_ call: BuiltinCall, _ emit: Emit) throws {
    var empty = true
    try call.stopping { stop in
      try call.each(0) { _ in
        empty = false
        try stop()
      }
    }
    try call.emitValue(.bool(empty), emit)
  }

  /// `any(gen; cond)` and `all(gen; cond)`: stop at the first output of `cond` that
  /// decides the answer.
  static func anyOrAll(_ call: BuiltinCall, _ emit: Emit, wanted: Bool) throws {
    var decided = false
    try call.stopping { stop in
      try call.each(0) { item in
        try call.each(1, on: item) { condition in
          if condition.isTruthy == wanted {
            decided = true
            try stop()
          }
        }
      }
    }
    try call.emitValue(.bool(decided ? wanted : !wanted), emit)
  }

  /// `range(upto)`, `range(from; upto)` and `range(from; upto; by)`. The first argument
  /// varies slowest, as in jq. A `by` of 0 gives nothing, as jq 1.7's `builtin.jq`
  /// defines `range/3` (jq 1.6 looped for ever).
  static func range(_ call: BuiltinCall, _ emit: Emit) throws {
    try rangeBounds(call, call.arguments[...], []) { bounds in
      let (from, upto, by) =
        bounds.count == 1
        ? (0.0, bounds[0], 1.0) : (bounds[0], bounds[1], bounds.count == 3 ? bounds[2] : 1.0)
      var x = from
      while by > 0 ? x < upto : by < 0 && x > upto {
        try call.emitValue(number(x), emit)
        x += by
      }
    }
  }

  private static func rangeBounds(
    _ call: BuiltinCall, _ arguments: ArraySlice<Node>, _ values: [Double],
    _ body: ([Double]) throws -> Void
  ) throws {
    guard let first = arguments.first else { return try body(values) }
    try call.evaluator.eval(first, call.input, nil, call.environment) { v, _ in
      guard case .number(let n) = v else {
        throw JQRuntimeError(message: "Range bounds must be numeric")
      }
      try rangeBounds(call, arguments.dropFirst(), values + [n.doubleValue], body)
    }
  }
}
