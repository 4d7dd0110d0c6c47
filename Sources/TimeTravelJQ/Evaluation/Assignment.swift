import TimeTravelJSON

/// `=`, `|=`, arithmetic updates and `//=`, defined through paths exactly as
/// jq 1.8's `_assign` and `_modify` are: `|=` replaces each path's value by the first
/// output of the update, and deletes the paths whose update is empty all together at the
/// end, so `[1,2,3] | .[] |= empty` is `[]` (jq 1.7 deleted each at once, and so
/// skipped the element after each deleted one).
enum Assignment {
  static func evaluate(
    _ evaluator: Evaluator, _ op: AssignOperator, _ lhs: Node, _ rhs: Node,
    _ input: JSONValue, _ env: Environment, _ emit: (JSONValue) throws -> Void
  ) throws {
    func paths() throws -> [[JSONValue]] {
      var out: [[JSONValue]] = []
      try evaluator.eval(lhs, input, [], env) { _, p in out.append(p ?? []) }
      return out
    }
    // Under a step limit each assignment pays for the containers it copies.
    let charge = evaluator.chargeIfLimited
    switch op {
    case .update:
      var result = input
      var deleted: [JSONValue] = []
      for p in try paths() {
        let old = try Paths.getpath(result, p)
        let token = evaluator.freshToken()
        var replacement: JSONValue?
        do {
          try evaluator.eval(rhs, old, nil, env) { v, _ in
            replacement = v
            throw StopSignal(token: token)
          }
        } catch let s as StopSignal where s.token == token {}
        if let replacement {
          result = try Paths.setpath(result, p, replacement, charge: charge)
        } else {
          deleted.append(.array(JSONArray(p)))
        }
      }
      try emit(deleted.isEmpty ? result : try Paths.delpaths(result, deleted))
    case .set, .alternative:
      try evaluator.eval(rhs, input, nil, env) { value, _ in
        var result = input
        for p in try paths() {
          var v = value
          if op == .alternative {
            let old = try Paths.getpath(result, p)
            if old.isTruthy { v = old }
          }
          result = try Paths.setpath(result, p, v, charge: charge)
        }
        try emit(result)
      }
    default:
      let arithmetic: BinaryOperator =
        switch op {
        case .add: .add
        case .subtract: .subtract
        case .multiply: .multiply
        case .divide: .divide
        default: .modulo
        }
      try evaluator.eval(rhs, input, nil, env) { value, _ in
        var result = input
        for p in try paths() {
          let old = try Paths.getpath(result, p)
          result = try Paths.setpath(
            result, p, try Arithmetic.apply(arithmetic, old, value), charge: charge)
        }
        try emit(result)
      }
    }
  }
}
