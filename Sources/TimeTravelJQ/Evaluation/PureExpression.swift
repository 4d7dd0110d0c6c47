import TimeTravelJSON

/// A filter made only of steps that have one output and no effect: `.`, literals, `.key`
/// and `.[k]`, `|`, `-x`, the binary operators, `and`, `or`, calls of a few value builtins
/// (`has`, `length`, `startswith`, …) whose arguments are such steps, and `any(P[]; C)`
/// and `all(P[]; C)` with such a `P` and `C`. A predicate such as `.action | has("addTodo")`,
/// `.action.type == "toggle"` or `any(.todos[]; .title == "")` is one, and ``value(on:)``
/// computes its output directly, without the evaluator's closures and environment: what
/// `--find` and `--where` pay once per entry, and a bisection's check once per state.
///
/// It answers only where it cannot differ from the evaluator: a step that would fail
/// (`.key` of a string, `has` of a number) makes it answer `nil`, and the evaluator then
/// runs the filter and reports jq's error. Each step is the evaluator's own operation
/// (`Paths.index`, `Arithmetic.apply`, the builtin's function), so the values agree.
indirect enum PureExpression: Sendable {
  case identity
  case literal(JSONValue)
  case index(PureExpression, key: PureExpression)
  case pipe(PureExpression, PureExpression)
  case negate(PureExpression)
  case binary(BinaryOperator, PureExpression, PureExpression)
  /// `and` (`shortCircuit` false) or `or` (true), as `Evaluator.evalLogic` computes it.
  case logic(PureExpression, PureExpression, shortCircuit: Bool)
  case call(@Sendable (JSONValue, [JSONValue]) throws -> JSONValue, [PureExpression])
  /// `any(P[]; C)` (`wanted` true) or `all(P[]; C)` (false): `C` on each value of `P`'s
  /// output, stopping at the first whose truth is `wanted`, as `Builtins.anyOrAll` does.
  case anyOrAll(PureExpression, PureExpression, wanted: Bool)

  /// The builtins called directly: value builtins that read nothing but their input and
  /// arguments and write nothing (not `error`, `halt_error`, `input`, `now`, `$ENV`).
  static let callable: Set<String> = [
    "has", "length", "utf8bytelength", "type", "keys", "keys_unsorted", "startswith",
    "endswith", "ltrimstr", "rtrimstr", "contains", "inside", "ascii_downcase",
    "ascii_upcase", "tostring", "tojson", "in", "index", "rindex", "indices",
  ]

  /// The expression `node` is, or `nil` when it has a step of another kind.
  init?(_ node: Node) {
    switch node {
    case .identity:
      self = .identity
    case .literal(let value):
      self = .literal(value)
    case .index(let target, let key):
      guard let target = PureExpression(target), let key = PureExpression(key) else { return nil }
      self = .index(target, key: key)
    case .pipe(let lhs, let rhs):
      guard let lhs = PureExpression(lhs), let rhs = PureExpression(rhs) else { return nil }
      self = .pipe(lhs, rhs)
    case .negate(let operand):
      guard let operand = PureExpression(operand) else { return nil }
      self = .negate(operand)
    case .binary(let op, let lhs, let rhs):
      guard let lhs = PureExpression(lhs), let rhs = PureExpression(rhs) else { return nil }
      self = .binary(op, lhs, rhs)
    case .and(let lhs, let rhs), .or(let lhs, let rhs):
      guard let l = PureExpression(lhs), let r = PureExpression(rhs) else { return nil }
      if case .or = node {
        self = .logic(l, r, shortCircuit: true)
      } else {
        self = .logic(l, r, shortCircuit: false)
      }
    case .builtin(let builtin, let arguments)
    where (builtin.name == "any" || builtin.name == "all") && arguments.count == 2:
      guard case .iterate(let target) = arguments[0], let target = PureExpression(target),
        let condition = PureExpression(arguments[1])
      else { return nil }
      self = .anyOrAll(target, condition, wanted: builtin.name == "any")
    case .builtin(let builtin, let arguments):
      guard Self.callable.contains(builtin.name), case .value(let body) = builtin.implementation
      else { return nil }
      var parts: [PureExpression] = []
      for argument in arguments {
        guard let part = PureExpression(argument) else { return nil }
        parts.append(part)
      }
      self = .call(body, parts)
    default:
      return nil
    }
  }

  /// The filter's one output on `input`, or `nil` when a step fails (the evaluator, run
  /// instead, reports the failure as jq does).
  /// - Complexity: one pass over the expression, plus what its builtins cost.
  func value(on input: JSONValue) -> JSONValue? {
    switch self {
    case .identity:
      return input
    case .literal(let value):
      return value
    case .index(let target, let key):
      guard let key = key.value(on: input), let container = target.value(on: input) else {
        return nil
      }
      return try? Paths.index(container, key)
    case .pipe(let lhs, let rhs):
      return lhs.value(on: input).flatMap { rhs.value(on: $0) }
    case .negate(let operand):
      guard case .number(let n)? = operand.value(on: input) else { return nil }
      return .number(Arithmetic.negate(n))
    case .binary(let op, let lhs, let rhs):
      guard let r = rhs.value(on: input), let l = lhs.value(on: input) else { return nil }
      return try? Arithmetic.apply(op, l, r)
    case .logic(let lhs, let rhs, let shortCircuit):
      guard let l = lhs.value(on: input) else { return nil }
      if l.isTruthy == shortCircuit { return .bool(shortCircuit) }
      return rhs.value(on: input).map { .bool($0.isTruthy) }
    case .call(let body, let parts):
      var arguments: [JSONValue] = []
      arguments.reserveCapacity(parts.count)
      for part in parts {
        guard let argument = part.value(on: input) else { return nil }
        arguments.append(argument)
      }
      return try? body(input, arguments)
    case .anyOrAll(let target, let condition, let wanted):
      // `P[]` yields an array's elements or an object's values, in order; anything else
      // fails to iterate.
      let values: [JSONValue]
      switch target.value(on: input) {
      case .array(let array)?: values = array.elements
      case .object(let object)?: values = object.values
      default: return nil
      }
      for value in values {
        guard let truth = condition.value(on: value) else { return nil }
        if truth.isTruthy == wanted { return .bool(wanted) }
      }
      return .bool(!wanted)
    }
  }
}
