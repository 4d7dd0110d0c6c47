import TimeTravelJSON

/// The compiler's binding pass, as jq's `block_bind_referenced`: checks that every call
/// names a function visible at that point with that arity and that every `$name` is
/// bound, and binds each call that no definition or parameter of the program shadows to
/// its builtin — a native one (``Builtins``) or one written in jq (``Prelude``) — so
/// evaluation never looks those names up.
struct Resolver {
  let source: String
  /// Variables the caller promises to bind; `nil` defers unknown variables
  /// to run time.
  let predefined: Set<String>?
  /// The jq-defined builtins calls may bind to; empty while compiling ``Prelude`` itself.
  let library: [String: LibraryFunction]
  /// Free variables found: those the program reads without binding them.
  private(set) var freeVariables: Set<String> = []
  /// Functions the running program lends (`name/arity`, see ``JQHost``).
  var hostFunctions: Set<String> = []

  init(source: String, predefined: Set<String>?, library: [String: LibraryFunction]) {
    self.source = source
    self.predefined = predefined
    self.library = library
  }

  private struct Scope {
    var functions: [String] = []
    var variables: [String] = []
    var labels: [String] = []
  }

  /// `node` with its builtin calls bound.
  /// - Throws: ``JQSyntaxError`` at the column of an unknown function or variable.
  mutating func resolve(_ node: Node) throws(JQSyntaxError) -> Node {
    try resolve(node, Scope())
  }

  private func error(_ message: String, _ column: Int) -> JQSyntaxError {
    JQSyntaxError(message: message, column: column, source: source)
  }

  private mutating func resolve(_ node: Node, _ scope: Scope) throws(JQSyntaxError) -> Node {
    switch node {
    case .identity, .recurseAll, .literal, .format, .builtin, .library:
      return node
    case .interpolated(let parts, let format):
      var resolved: [InterpolationPart] = []
      for part in parts {
        guard case .expression(let e) = part else {
          resolved.append(part)
          continue
        }
        resolved.append(.expression(try resolve(e, scope)))
      }
      return .interpolated(resolved, format: format)
    case .index(let a, let b): return .index(try resolve(a, scope), try resolve(b, scope))
    case .pipe(let a, let b): return .pipe(try resolve(a, scope), try resolve(b, scope))
    case .binary(let op, let a, let b):
      return .binary(op, try resolve(a, scope), try resolve(b, scope))
    case .and(let a, let b): return .and(try resolve(a, scope), try resolve(b, scope))
    case .or(let a, let b): return .or(try resolve(a, scope), try resolve(b, scope))
    case .alternative(let a, let b):
      return .alternative(try resolve(a, scope), try resolve(b, scope))
    case .assign(let op, let a, let b):
      return .assign(op, try resolve(a, scope), try resolve(b, scope))
    case .slice(let t, let from, let to):
      return .slice(
        try resolve(t, scope), from: try resolve(from, scope), to: try resolve(to, scope))
    case .iterate(let t): return .iterate(try resolve(t, scope))
    case .negate(let t): return .negate(try resolve(t, scope))
    case .tryCatch(let body, let handler):
      return .tryCatch(try resolve(body, scope), try resolve(handler, scope))
    case .array(let body): return .array(try resolve(body, scope))
    case .object(let entries):
      var resolved: [ObjectEntry] = []
      for entry in entries {
        resolved.append(
          ObjectEntry(key: try resolve(entry.key, scope), value: try resolve(entry.value, scope)))
      }
      return .object(resolved)
    case .comma(let items):
      var resolved: [Node] = []
      for item in items { resolved.append(try resolve(item, scope)) }
      return .comma(resolved)
    case .ifThen(let c, let t, let e):
      return .ifThen(try resolve(c, scope), try resolve(t, scope), try resolve(e, scope))
    case .reduce, .foreach, .bind:
      return try resolveBinding(node, scope)
    case .functionDefinition(let definition, let rest):
      var outer = scope
      outer.functions.append(definition.signature)
      var inner = outer
      inner.functions.append(contentsOf: definition.parameters.map { "\($0)/0" })
      let bound = FunctionDefinition(
        name: definition.name, parameters: definition.parameters,
        body: try resolve(definition.body, inner))
      return .functionDefinition(bound, try resolve(rest, outer))
    case .call(let name, let args, let column):
      return try resolveCall(name, args, column, scope)
    case .label(let name, let body):
      var inner = scope
      inner.labels.append(name)
      return .label(name, try resolve(body, inner))
    case .breakLabel(let name, let column):
      // jq binds a label as the variable `$*label-name`, and reports it so.
      guard scope.labels.contains(name) else {
        throw error("$*label-\(name) is not defined", column)
      }
      return node
    case .variable(let name, let column):
      if scope.variables.contains(name) || name == "ENV" { return node }
      if let predefined, !predefined.contains(name) {
        throw error("$\(name) is not defined", column)
      }
      freeVariables.insert(name)
      return node
    }
  }

  private mutating func resolve(_ node: Node?, _ scope: Scope) throws(JQSyntaxError) -> Node? {
    guard let node else { return nil }
    return try resolve(node, scope) as Node
  }

  /// `reduce`, `foreach` and `as`: the pattern's variables are bound in the body.
  private mutating func resolveBinding(_ node: Node, _ scope: Scope) throws(JQSyntaxError)
    -> Node
  {
    switch node {
    case .reduce(let src, let pattern, let initial, let update):
      let source = try resolve(src, scope)
      let start = try resolve(initial, scope)
      let (bound, inner) = try bind(pattern, scope)
      return .reduce(source, bound, start, try resolve(update, inner))
    case .foreach(let src, let pattern, let initial, let update, let extract):
      let source = try resolve(src, scope)
      let start = try resolve(initial, scope)
      let (bound, inner) = try bind(pattern, scope)
      return .foreach(
        source, bound, start, try resolve(update, inner), try resolve(extract, inner))
    case .bind(let src, let pattern, let body):
      let source = try resolve(src, scope)
      let (bound, inner) = try bind(pattern, scope)
      return .bind(source, bound, try resolve(body, inner))
    default:
      return node
    }
  }

  /// A call binds to, in this order: a definition or parameter in scope (left to the
  /// environment at run time), a jq-defined builtin, a native builtin.
  private mutating func resolveCall(
    _ name: String, _ args: [Node], _ column: Int, _ scope: Scope
  ) throws(JQSyntaxError) -> Node {
    var resolved: [Node] = []
    for arg in args { resolved.append(try resolve(arg, scope)) }
    let signature = "\(name)/\(args.count)"
    if scope.functions.contains(signature) { return .call(name, resolved, column: column) }
    if let function = library[signature] { return .library(function, resolved) }
    if let builtin = Builtins.table[signature] { return .builtin(builtin, resolved) }
    if hostFunctions.contains(signature) {
      return .builtin(.host(name, args.count), resolved)
    }
    throw error("\(signature) is not defined", column)
  }

  /// The pattern with its computed keys resolved, and the scope its variables open.
  private mutating func bind(_ pattern: Pattern, _ scope: Scope) throws(JQSyntaxError)
    -> (Pattern, Scope)
  {
    var inner = scope
    let bound = try resolveKeys(pattern, scope)
    inner.variables.append(contentsOf: pattern.variableNames)
    return (bound, inner)
  }

  // Keys of object patterns are expressions evaluated in the enclosing scope.
  private mutating func resolveKeys(_ pattern: Pattern, _ scope: Scope) throws(JQSyntaxError)
    -> Pattern
  {
    switch pattern {
    case .variable: return pattern
    case .alternatives(let options):
      var resolved: [Pattern] = []
      for option in options { resolved.append(try resolveKeys(option, scope)) }
      return .alternatives(resolved)
    case .array(let items):
      var resolved: [Pattern] = []
      for item in items { resolved.append(try resolveKeys(item, scope)) }
      return .array(resolved)
    case .object(let entries):
      var resolved: [ObjectPatternEntry] = []
      for entry in entries {
        resolved.append(
          ObjectPatternEntry(
            key: try resolve(entry.key, scope), binds: entry.binds,
            value: try entry.value.map { (p) throws(JQSyntaxError) in try resolveKeys(p, scope) }))
      }
      return .object(resolved)
    }
  }
}
