import TimeTravelJSON

/// A compiled jq filter.
///
/// Supports the jq 1.7 language subset replay needs: paths, pipes,
/// generators, operators, conditionals, bindings and destructuring, `reduce`,
/// `foreach`, `try`/`catch`, function definitions and most builtins. Results
/// match jq 1.7 on that subset; numbers keep their literal text until
/// arithmetic touches them.
///
/// ```swift
/// let filter = try JQFilter(#"any(.todos[]; .title | test("^\\s*$"))"#)
/// let found = try filter.holds(on: state)
/// ```
public struct JQFilter: Sendable {
  /// The program text as given.
  public let source: String
  let program: Node
  /// Variables the program reads but does not bind (names without `$`; `$ENV` is
  /// not one); they must be supplied to ``evaluate(_:variables:)``. A variable
  /// bound by `as`, `reduce`, `foreach` or a `$name` parameter is not free where
  /// it is bound, so `. as $action | $action` reads no free variable. Lets a
  /// caller tell what a filter depends on before running it (`replay --bisect`
  /// scans when a predicate reads `$action` or `$prior`).
  public let freeVariables: Set<String>

  /// Compiles `source`.
  ///
  /// Variables the program does not bind itself (`$action`) are accepted
  /// here and must be supplied when evaluating.
  /// - Throws: ``JQSyntaxError`` with the 1-based column for bad syntax, an
  ///   unknown function (`length/1 is not defined`), or a program nested
  ///   more than 100 levels deep.
  public init(_ source: String) throws(JQSyntaxError) {
    try self.init(source, predefined: nil)
  }

  /// Compiles `source`, allowing only the given free variables (names
  /// without `$`), as jq does with `--arg`.
  /// - Throws: ``JQSyntaxError`` as ``init(_:)``, and also `$foo is not
  ///   defined` for any other free variable, at its column.
  public init(_ source: String, variableNames: some Sequence<String>) throws(JQSyntaxError) {
    try self.init(source, predefined: Set(variableNames))
  }

  /// Compiles `source` as ``init(_:variableNames:)`` does, letting it also call the host
  /// functions named (`"entry/1"`), whose implementations a ``JQHost`` gives when it
  /// runs.
  /// - Throws: ``JQSyntaxError`` as ``init(_:variableNames:)``.
  public init(
    _ source: String, variableNames: some Sequence<String>, hostFunctions: Set<String>
  ) throws(JQSyntaxError) {
    try self.init(source, predefined: Set(variableNames), hostFunctions: hostFunctions)
  }

  private init(_ source: String, predefined: Set<String>?, hostFunctions: Set<String> = [])
    throws(JQSyntaxError)
  {
    self.source = source
    var resolver = Resolver(source: source, predefined: predefined, library: Prelude.functions)
    resolver.hostFunctions = hostFunctions
    self.program = try resolver.resolve(try Parser.parse(source))
    self.freeVariables = resolver.freeVariables
  }

  /// All outputs, in order (jq generator semantics).
  ///
  /// - Parameters:
  ///   - input: the value `.` starts as.
  ///   - variables: values for `$name`, keyed without the `$`.
  /// - Throws: ``JQRuntimeError`` with jq's message for the first error not
  ///   caught by `try` or `?` (e.g. `Cannot iterate over null`), or
  ///   `$foo is not defined` when a free variable is missing.
  public func evaluate(
    _ input: JSONValue, variables: [String: JSONValue] = [:]
  ) throws(JQRuntimeError) -> [JSONValue] {
    var outputs: [JSONValue] = []
    try run(input, variables) { outputs.append($0) }
    return outputs
  }

  /// The `jq -e` rule: true when the last output is neither `false` nor
  /// `null`; false when there is no output.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``.
  public func holds(
    on input: JSONValue, variables: [String: JSONValue] = [:]
  ) throws(JQRuntimeError) -> Bool {
    var last: JSONValue?
    try run(input, variables) { last = $0 }
    return last?.isTruthy ?? false
  }

  /// ``holds(on:variables:)`` with `host`'s functions for the host calls the filter was
  /// compiled with.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``, and what a host
  ///   function throws.
  public func holds(
    on input: JSONValue, variables: [String: JSONValue] = [:], host: JQHost?
  ) throws(JQRuntimeError) -> Bool {
    var last: JSONValue?
    try run(input, variables, host: host) { last = $0 }
    return last?.isTruthy ?? false
  }

  /// ``evaluate(_:variables:)`` with `host`'s functions.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``.
  public func evaluate(
    _ input: JSONValue, variables: [String: JSONValue] = [:], host: JQHost?
  ) throws(JQRuntimeError) -> [JSONValue] {
    var outputs: [JSONValue] = []
    try run(input, variables, host: host) { outputs.append($0) }
    return outputs
  }

  func run(
    _ input: JSONValue, _ variables: [String: JSONValue], stepLimit: Int = .max,
    host: JQHost? = nil, _ emit: (JSONValue) -> Void
  ) throws(JQRuntimeError) {
    for name in freeVariables.sorted() where variables[name] == nil {
      throw JQRuntimeError(message: "$\(name) is not defined")
    }
    // Builtins are bound at compile time: the environment holds only what the program
    // binds itself.
    var env = Environment(parent: nil, binding: nil)
    for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
      env = env.with(variable: name, value)
    }
    let evaluator = Evaluator()
    evaluator.host = host
    evaluator.stepsLeft = stepLimit
    evaluator.isStepLimited = stepLimit != .max
    do {
      try evaluator.eval(program, input, nil, env) { v, _ in emit(v) }
    } catch {
      var inner: any Error = error
      while let wrapped = inner as? DownstreamError { inner = wrapped.inner }
      switch inner {
      case let error as JQRuntimeError: throw error
      case let error as NestingLimitError: throw JQRuntimeError(message: error.description)
      case is StepLimitError:
        throw JQRuntimeError(message: "the program took more than \(stepLimit) evaluation steps")
      default: throw JQRuntimeError(message: error is DownstreamError ? "\(inner)" : "break")
      }
    }
  }
}
