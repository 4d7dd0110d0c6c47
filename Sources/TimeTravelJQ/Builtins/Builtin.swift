import TimeTravelJSON

/// One native builtin: a `name/arity` and the Swift function that implements it, as an
/// entry of jq's `function_list` in `src/builtin.c` is.
///
/// Calls are bound to their entry when a filter is compiled (``Resolver``), so evaluating
/// a call never looks the name up again.
struct Builtin: Sendable {
  /// How an implementation receives its arguments.
  enum Implementation: Sendable {
    /// Maps the input and one value of each argument to exactly one value. Arguments that
    /// are generators are run as a cartesian product, the last argument varying slowest,
    /// as jq's C builtins are called (`CALL_BUILTIN` after `SUBEXP` of each argument).
    case value(@Sendable (JSONValue, [JSONValue]) throws -> JSONValue)
    /// Takes its arguments as unevaluated filters, for builtins that stop early
    /// (`first`, `limit`), produce several outputs (`range`), or keep paths (`getpath`,
    /// `select`) — those jq writes in `builtin.jq` or as bytecode.
    case filter(@Sendable (BuiltinCall, Emit) throws -> Void)
  }

  /// The name a program calls, e.g. `ltrimstr`.
  let name: String
  /// The number of arguments (jq's arity, which does not count the input).
  let arity: Int
  let implementation: Implementation
  /// Whether a call's work is linear in its input and arguments unfolded, which a step
  /// limit charges (``Builtin/inputWalkers``).
  let walksInput: Bool

  init(name: String, arity: Int, implementation: Implementation) {
    self.name = name
    self.arity = arity
    self.implementation = implementation
    walksInput = Self.inputWalkers.contains(name)
  }

  /// `name/arity`, as jq's error messages and `builtins` spell it.
  var signature: String { "\(name)/\(arity)" }

  /// A builtin that maps values to one value; see ``Implementation/value(_:)``.
  static func value(
    _ name: String, _ arity: Int,
    _ body: @escaping @Sendable (JSONValue, [JSONValue]) throws -> JSONValue
  ) -> Builtin {
    Builtin(name: name, arity: arity, implementation: .value(body))
  }

  /// A builtin that takes its arguments as filters; see ``Implementation/filter(_:)``.
  static func filter(
    _ name: String, _ arity: Int, _ body: @escaping @Sendable (BuiltinCall, Emit) throws -> Void
  ) -> Builtin {
    Builtin(name: name, arity: arity, implementation: .filter(body))
  }

  /// Runs the builtin on `input` with `arguments` (filters, evaluated in `env`).
  func run(
    _ evaluator: Evaluator, _ arguments: [Node], _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    let call = BuiltinCall(
      evaluator: evaluator, arguments: arguments, input: input, path: path, environment: env)
    let charged = walksInput && evaluator.isStepLimited
    if charged { try evaluator.chargeWalk(input) }
    switch implementation {
    case .filter(let body):
      try body(call, emit)
    case .value(let body):
      try call.cartesian(arguments[...], []) { values in
        if charged { for value in values { try evaluator.chargeWalk(value) } }
        try call.emitValue(try body(input, values), emit)
      }
    }
  }
}

/// What a ``Builtin/Implementation/filter(_:)`` builtin is called with: its argument
/// filters, the input, and the path of the input when the call is evaluated as a path
/// (`path(f)`, assignments); `nil` otherwise.
struct BuiltinCall {
  let evaluator: Evaluator
  let arguments: [Node]
  let input: JSONValue
  let path: Path?
  let environment: Environment

  /// Runs argument `index` on the input, in value mode, handing each output to `body`.
  func each(_ index: Int, _ body: (JSONValue) throws -> Void) throws {
    try evaluator.eval(arguments[index], input, nil, environment) { value, _ in try body(value) }
  }

  /// Runs argument `index` on `value`, in value mode.
  func each(_ index: Int, on value: JSONValue, _ body: (JSONValue) throws -> Void) throws {
    try evaluator.eval(arguments[index], value, nil, environment) { output, _ in
      try body(output)
    }
  }

  /// Runs argument `index` on the input keeping paths when the call keeps them, so the
  /// builtin passes its argument's paths through (`first(f)`, `limit(n; f)`).
  func eachKeepingPaths(_ index: Int, _ emit: Emit) throws {
    try evaluator.eval(arguments[index], input, path, environment, emit)
  }

  /// Emits a computed value. In path mode that is jq's `Invalid path expression with
  /// result …` error: a computed value has no path in the input.
  func emitValue(_ value: JSONValue, _ emit: Emit) throws {
    try evaluator.requireValueMode(path, value)
    try emit(value, nil)
  }

  /// Stops `body` early: `body` gets a function that ends it, and this returns normally
  /// once it is called. Only this call's stop is caught, so nested early exits stay apart.
  func stopping(_ body: (_ stop: () throws -> Never) throws -> Void) throws {
    let token = evaluator.freshToken()
    do {
      try body { throw StopSignal(token: token) }
    } catch let signal as StopSignal where signal.token == token {}
  }

  /// Every combination of one output of each argument, the last argument varying slowest.
  func cartesian(
    _ arguments: ArraySlice<Node>, _ values: [JSONValue], _ body: ([JSONValue]) throws -> Void
  ) throws {
    guard let last = arguments.last else { return try body(values) }
    try evaluator.eval(last, input, nil, environment) { value, _ in
      try cartesian(arguments.dropLast(), [value] + values, body)
    }
  }
}
