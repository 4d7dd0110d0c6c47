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
    .filter("skip", 2, skip),
    .filter("repeat", 1, repeating),
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

  /// `last(f)`: the last output of `f`, none when `f` is empty, as jq 1.8 defines it
  /// (jq 1.7's `reduce f as $x (null; $x)` gave `null`). A computed value, as in jq 1.8:
  /// `path(last(f))` is an error.
  static func last(_ call: BuiltinCall, _ emit: Emit) throws {
    var last: JSONValue?
    try call.each(0) { last = $0 }
    if let last { try call.emitValue(last, emit) }
  }

  /// `limit(n; f)` as jq 1.8's `builtin.jq` defines it: while `n` is above 0 (in jq's
  /// order of values), a counter from `n` goes down by one per output of `f`, which
  /// stops when it reaches 0 (`limit(1.5; f)` gives two outputs); nothing when `n` is 0.
  /// Any other count (a negative number, NaN, `null`, …) is jq 1.8's error `limit doesn't
  /// support negative count` (jq 1.7 let every output through).
  static func limit(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.each(0) { n in
      if JQOrder.compare(n, 0) <= 0 {
        if JQOrder.equal(n, 0) { return }
        throw JQRuntimeError(message: "limit doesn't support negative count")
      }
      var counter = n
      try call.stopping { stop in
        try call.eachKeepingPaths(1) { value, path in
          counter = try Arithmetic.subtract(counter, 1)
          try emit(value, path)
          if JQOrder.compare(counter, 0) <= 0 { try stop() }
        }
      }
    }
  }

  /// `skip(n; f)`, jq 1.8: the outputs of `f` after the first `n` (counted down as
  /// `limit` counts, so `skip(1.5; f)` skips one), with their paths; all of them when `n`
  /// is 0; `skip doesn't support negative count` otherwise.
  static func skip(_ call: BuiltinCall, _ emit: Emit) throws {
    try call.each(0) { n in
      if JQOrder.compare(n, 0) <= 0 {
        if JQOrder.equal(n, 0) { return try call.eachKeepingPaths(1, emit) }
        throw JQRuntimeError(message: "skip doesn't support negative count")
      }
      var counter = n
      try call.eachKeepingPaths(1) { value, path in
        counter = try Arithmetic.subtract(counter, 1)
        if JQOrder.compare(counter, 0) < 0 { try emit(value, path) }
      }
    }
  }

  /// `repeat(f)`: the outputs of `f` on the input, again and again, for ever (jq's
  /// `def repeat(f): def _repeat: f, _repeat; _repeat;`: `f` is applied to the same
  /// input each time, so `[limit(3; repeat(. + 1))]` on 0 is `[1,1,1]`). A loop, not a
  /// recursion, so it never runs out of stack; an error of `f` ends it.
  static func repeating(_ call: BuiltinCall, _ emit: Emit) throws {
    while true { try call.eachKeepingPaths(0, emit) }
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
        ? (JSONNumber(0), bounds[0].doubleValue, 1.0)
        : (bounds[0], bounds[1].doubleValue, bounds.count == 3 ? bounds[2].doubleValue : 1.0)
      // The first output is the start as written (`range(1e300; …)` begins with the
      // literal `1E+300`), the next ones are doubles, as in jq.
      var x = from.doubleValue
      var first = true
      while by > 0 ? x < upto : by < 0 && x > upto {
        try call.emitValue(first ? .number(from) : number(x), emit)
        first = false
        x += by
      }
    }
  }

  private static func rangeBounds(
    _ call: BuiltinCall, _ arguments: ArraySlice<Node>, _ values: [JSONNumber],
    _ body: ([JSONNumber]) throws -> Void
  ) throws {
    guard let first = arguments.first else { return try body(values) }
    try call.evaluator.eval(first, call.input, nil, call.environment) { v, _ in
      guard case .number(let n) = v else {
        throw JQRuntimeError(message: "Range bounds must be numeric")
      }
      try rangeBounds(call, arguments.dropFirst(), values + [n], body)
    }
  }
}
