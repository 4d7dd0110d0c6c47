import TimeTravelJSON

/// What a step limit charges besides one step per node evaluated. Without these, a budget
/// of steps bounds neither time nor memory: a value can grow geometrically from one step
/// to the next (`[while(0; @base64)]`, `repeat(. + .)`), and a value whose containers
/// share their members (`last(limit(30; repeat([., .])))`, built in 30 steps) unfolds
/// to 2^30 nodes when a single step prints, compares or walks it.
extension Evaluator {
  /// The UTF-8 bytes of a built string that cost one step.
  static let bytesPerStep = 16

  /// Takes `units` steps from the budget.
  /// - Throws: ``StepLimitError`` when it runs out.
  func charge(_ units: Int) throws {
    stepsLeft -= units
    if stepsLeft < 0 { throw StepLimitError() }
  }

  /// ``charge(_:)`` under a step limit, `nil` without one: for code outside the evaluator
  /// that reports its costs (``Paths/setpath(_:_:_:charge:)``).
  var chargeIfLimited: ((Int) throws -> Void)? { isStepLimited ? charge : nil }

  /// Charges for a value a step built: a string one step per ``bytesPerStep`` bytes, an
  /// array or object one per member (members already exist, so they are not walked).
  /// - Complexity: O(1).
  func chargeBuilt(_ value: JSONValue) throws {
    guard isStepLimited else { return }
    switch value {
    case .string(let s): try charge(s.utf8.count / Self.bytesPerStep)
    case .array(let a): try charge(a.count)
    case .object(let o): try charge(o.count)
    default: break
    }
  }

  /// Charges for a step that walks `value` whole (printing, comparing, sorting,
  /// flattening it): one step for the value and one per member of each container,
  /// unfolded (a member shared by two containers counts twice, as the walk visits it
  /// twice), plus one per ``bytesPerStep`` bytes of its strings and keys.
  /// - Throws: ``StepLimitError`` as soon as the budget runs out, so the walk itself
  ///   costs at most what is left of the budget.
  func chargeWalk(_ value: JSONValue) throws {
    guard isStepLimited else { return }
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .string(let s): try charge(s.utf8.count / Self.bytesPerStep)
      case .array(let a):
        // Members are charged here, before they are pushed, so the stack never holds
        // more than the budget paid for.
        try charge(1 + a.count)
        pending.append(contentsOf: a)
      case .object(let o):
        try charge(1 + o.count)
        try charge(o.keys.reduce(0) { $0 + $1.utf8.count } / Self.bytesPerStep)
        pending.append(contentsOf: o.values)
      default: break
      }
    }
  }
}

extension Builtin {
  /// The native builtins whose work is linear in their whole input unfolded, not in its
  /// top level: printing it, comparing or sorting its members, flattening it.
  static let inputWalkers: Set<String> = [
    "tostring", "tojson", "sort", "min", "max", "unique", "sort_by", "min_by", "max_by",
    "group_by", "unique_by", "contains", "flatten", "indices", "bsearch", "delpaths", "paths",
    "halt_error",
  ]
}

extension Evaluator {
  /// Charges, before it runs, for an operator whose work is more than the size of its
  /// result: comparing (a walk of both sides), merging objects with `*` (both sides),
  /// repeating a string with `*` (the bytes it will build, so `"x" * 1e9` stops before
  /// it allocates), and subtracting arrays (each member of one compared with each of
  /// the other).
  func chargeOperands(_ op: BinaryOperator, _ l: JSONValue, _ r: JSONValue) throws {
    guard isStepLimited else { return }
    switch (op, l, r) {
    case (.equal, _, _), (.notEqual, _, _), (.less, _, _), (.lessOrEqual, _, _),
      (.greater, _, _), (.greaterOrEqual, _, _), (.multiply, .object, .object):
      try chargeWalk(l)
      try chargeWalk(r)
    case (.multiply, .string(let s), .number(let n)), (.multiply, .number(let n), .string(let s)):
      let copies = n.doubleValue
      guard copies > 0, copies.isFinite else { return }
      let bytes = Double(s.utf8.count) * copies.rounded(.towardZero)
      try charge(Int(min(bytes / Double(Self.bytesPerStep), Double(Int32.max))))
    case (.subtract, .array(let a), .array(let b)):
      let (comparisons, overflow) = a.count.multipliedReportingOverflow(by: b.count)
      try charge(overflow ? .max : comparisons)
      try chargeWalk(l)
      try chargeWalk(r)
    default: break
    }
  }
}
