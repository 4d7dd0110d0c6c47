import TimeTravelJSON

/// Compile-time checks jq's compiler makes: every call names a function
/// visible at that point with that arity, and every `$name` is bound.
struct Resolver {
  let source: String
  /// Variables the caller promises to bind; `nil` defers unknown variables
  /// to run time.
  let predefined: Set<String>?
  /// Free variables found: those the program reads without binding them.
  private(set) var freeVariables: Set<String> = []

  init(source: String, predefined: Set<String>?) {
    self.source = source
    self.predefined = predefined
  }

  private struct Scope {
    var functions: [String] = []
    var variables: [String] = []
  }

  mutating func check(_ node: Node) throws(JQSyntaxError) {
    try check(node, Scope())
  }

  private func error(_ message: String, _ column: Int) -> JQSyntaxError {
    JQSyntaxError(message: message, column: column, source: source)
  }

  private mutating func check(_ node: Node, _ scope: Scope) throws(JQSyntaxError) {
    switch node {
    case .identity, .recurseAll, .literal, .format:
      return
    case .interpolated(let parts, _):
      for case .expression(let e) in parts { try check(e, scope) }
    case .index(let a, let b), .pipe(let a, let b), .binary(_, let a, let b), .and(let a, let b),
      .or(let a, let b), .alternative(let a, let b), .assign(_, let a, let b):
      try check(a, scope)
      try check(b, scope)
    case .slice(let t, let from, let to):
      try check(t, scope)
      if let from { try check(from, scope) }
      if let to { try check(to, scope) }
    case .iterate(let t), .negate(let t):
      try check(t, scope)
    case .tryCatch(let body, let handler):
      try check(body, scope)
      if let handler { try check(handler, scope) }
    case .array(let body):
      if let body { try check(body, scope) }
    case .object(let entries):
      for entry in entries {
        try check(entry.key, scope)
        try check(entry.value, scope)
      }
    case .comma(let items):
      for item in items { try check(item, scope) }
    case .ifThen(let c, let t, let e):
      try check(c, scope)
      try check(t, scope)
      if let e { try check(e, scope) }
    case .reduce(let src, let pattern, let initial, let update):
      try check(src, scope)
      try check(initial, scope)
      let inner = try bind(pattern, scope)
      try check(update, inner)
    case .foreach(let src, let pattern, let initial, let update, let extract):
      try check(src, scope)
      try check(initial, scope)
      let inner = try bind(pattern, scope)
      try check(update, inner)
      if let extract { try check(extract, inner) }
    case .bind(let src, let pattern, let body):
      try check(src, scope)
      try check(body, try bind(pattern, scope))
    case .functionDefinition(let definition, let rest):
      var outer = scope
      outer.functions.append(definition.signature)
      var inner = outer
      inner.functions.append(contentsOf: definition.parameters.map { "\($0)/0" })
      try check(definition.body, inner)
      try check(rest, outer)
    case .call(let name, let args, let column):
      let signature = "\(name)/\(args.count)"
      if !scope.functions.contains(signature), !Builtins.signatures.contains(signature),
        !Prelude.signatures.contains(signature)
      {
        throw error("\(signature) is not defined", column)
      }
      for arg in args { try check(arg, scope) }
    case .variable(let name, let column):
      if scope.variables.contains(name) || name == "ENV" { return }
      if let predefined, !predefined.contains(name) {
        throw error("$\(name) is not defined", column)
      }
      freeVariables.insert(name)
    }
  }

  private mutating func bind(_ pattern: Pattern, _ scope: Scope) throws(JQSyntaxError) -> Scope {
    var inner = scope
    if case .object(let entries) = pattern {
      for entry in entries { try check(entry.key, inner) }
    }
    inner.variables.append(contentsOf: pattern.variableNames)
    return inner
  }
}
