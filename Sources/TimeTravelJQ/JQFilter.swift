import TimeTravelJSON

/// A compiled jq filter, following jq 1.8.
///
/// The language of jq 1.8: paths, pipes, generators, operators, conditionals, bindings
/// and destructuring (with `?//` alternatives), `reduce`, `foreach`, `label`/`break`,
/// `try`/`catch`, function definitions, `import`/`include` of modules
/// (``JQModuleSearch``), `input`/`inputs` (``JQContext``), `$__loc__`, and jq 1.8's
/// builtins, math library included. Numbers follow jq 1.8: a literal keeps its decimal
/// value until arithmetic makes it a double, and outputs print as jq prints them when
/// printed with `JSONPrinter.jq`.
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
  /// ``freeVariables`` in order: what a run binds, sorted once rather than per run.
  let sortedFreeVariables: [String]
  /// Where the program's `import` and `include` directives were resolved, for
  /// `get_search_list` and `modulemeta`.
  let modules: JQModuleSearch?
  /// The program as a ``PureExpression`` when it is one: what ``holds(on:variables:)``
  /// computes without the evaluator.
  let pure: PureExpression?

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

  /// Compiles `source`, resolving its `import` and `include` directives on `modules`
  /// (jq's `-L` search list) and allowing only `variableNames` as free variables when
  /// they are given.
  /// - Throws: ``JQSyntaxError`` as ``init(_:variableNames:)``, and at a directive:
  ///   `module not found: name`, `circular import of /path/a.jq`, a bad module path, or
  ///   the error inside a module's file (``JQSyntaxError/file`` names it).
  public init(
    _ source: String, variableNames: (some Sequence<String>)? = [String]?.none,
    modules: JQModuleSearch
  ) throws(JQSyntaxError) {
    try self.init(source, predefined: variableNames.map(Set.init), modules: modules)
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

  /// Compiles `source` as ``init(_:variableNames:hostFunctions:)`` does, resolving its
  /// `import` and `include` directives on `modules` as ``init(_:variableNames:modules:)``.
  /// - Throws: ``JQSyntaxError`` as ``init(_:variableNames:modules:)``.
  public init(
    _ source: String, variableNames: some Sequence<String>, hostFunctions: Set<String>,
    modules: JQModuleSearch
  ) throws(JQSyntaxError) {
    try self.init(
      source, predefined: Set(variableNames), modules: modules, hostFunctions: hostFunctions)
  }

  private init(
    _ source: String, predefined: Set<String>?, modules: JQModuleSearch? = nil,
    hostFunctions: Set<String> = []
  ) throws(JQSyntaxError) {
    self.source = source
    self.modules = modules
    let (header, body) = try Parser.parseProgram(source, fileName: "<top-level>", isModule: false)
    var library = Prelude.functions
    var program = body
    var bound: Set<String> = []
    if !header.imports.isEmpty {
      var loader = ModuleLoader(search: modules)
      let imported = try loader.bindings(
        for: header.imports, origin: modules?.programOrigin, source: source)
      library.merge(imported.functions) { $1 }
      for (name, value) in imported.data.reversed() {
        program = .bind(.literal(value), .variable(name), program)
        bound.insert(name)
      }
    }
    var resolver = Resolver(
      source: source, predefined: predefined.map { $0.union(bound) }, library: library)
    resolver.hostFunctions = hostFunctions
    self.program = try resolver.resolve(program)
    pure = PureExpression(self.program)
    self.freeVariables = resolver.freeVariables
    sortedFreeVariables = resolver.freeVariables.sorted()
  }

  /// All outputs, in order (jq generator semantics).
  ///
  /// - Parameters:
  ///   - input: the value `.` starts as.
  ///   - variables: values for `$name`, keyed without the `$`.
  /// - Throws: ``JQRuntimeError`` with jq's message for the first error not
  ///   caught by `try` or `?` (e.g. `Cannot iterate over null (null)`), or
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
    if let output = pure?.value(on: input) { return output.isTruthy }
    var last: JSONValue?
    try run(input, variables) { last = $0 }
    return last?.isTruthy ?? false
  }

  /// All outputs on `input`, in order, with `input`, `inputs`, `debug`, `stderr` and
  /// `input_filename` served by `context`.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``; for `halt` and
  ///   `halt_error` one with ``JQRuntimeError/haltCode`` set.
  public func evaluate(
    _ input: JSONValue, variables: [String: JSONValue] = [:], context: JQContext
  ) throws(JQRuntimeError) -> [JSONValue] {
    var outputs: [JSONValue] = []
    try run(input, variables, context: context) { outputs.append($0) }
    return outputs
  }

  /// Hands each output on `input` to `output` as soon as it exists, as jq prints them: a
  /// later error (or `halt`) leaves the earlier outputs delivered. `stepLimit` bounds the
  /// run as ``evaluate(_:variables:stepLimit:)`` does; `nil` means no bound.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:context:)``.
  public func evaluate(
    _ input: JSONValue, variables: [String: JSONValue] = [:], context: JQContext,
    stepLimit: Int? = nil, output: (JSONValue) -> Void
  ) throws(JQRuntimeError) {
    try run(input, variables, stepLimit: stepLimit ?? .max, context: context, output)
  }

  /// ``holds(on:variables:)`` with `host`'s functions for the host calls the filter was
  /// compiled with.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``, and what a host
  ///   function throws.
  public func holds(
    on input: JSONValue, variables: [String: JSONValue] = [:], host: JQHost?
  ) throws(JQRuntimeError) -> Bool {
    if let output = pure?.value(on: input) { return output.isTruthy }
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
    context: JQContext? = nil, host: JQHost? = nil, _ emit: (JSONValue) -> Void
  ) throws(JQRuntimeError) {
    // Builtins are bound at compile time: the environment holds only what the program
    // binds itself, and of the variables given only those it reads (a module cannot
    // read the program's variables, and nothing looks a variable up by a computed name).
    var env = Environment(parent: nil, binding: nil)
    for name in sortedFreeVariables {
      guard let value = variables[name] else {
        throw JQRuntimeError(message: "$\(name) is not defined")
      }
      env = env.with(variable: name, value)
    }
    // `$ENV` is never free (it defaults to the process environment), but a caller may
    // give it.
    if !variables.isEmpty, let value = variables["ENV"] { env = env.with(variable: "ENV", value) }
    let evaluator = Evaluator()
    evaluator.host = host
    evaluator.stepsLeft = stepLimit
    evaluator.isStepLimited = stepLimit != .max
    evaluator.context = context
    evaluator.modules = modules
    do {
      try evaluator.eval(program, input, nil, env) { v, _ in emit(v) }
    } catch {
      throw Self.runtimeError(error, stepLimit: stepLimit)
    }
  }

  /// What evaluation's own signals mean to a caller.
  static func runtimeError(_ error: any Error, stepLimit: Int) -> JQRuntimeError {
    var inner: any Error = error
    while let wrapped = inner as? DownstreamError { inner = wrapped.inner }
    switch inner {
    case let error as JQRuntimeError: return error
    case let error as NestingLimitError: return JQRuntimeError(message: error.description)
    case let halt as HaltSignal: return .halt(code: halt.code, value: halt.value)
    case is StepLimitError:
      return JQRuntimeError(message: "the program took more than \(stepLimit) evaluation steps")
    default: return JQRuntimeError(message: "break")
    }
  }
}
