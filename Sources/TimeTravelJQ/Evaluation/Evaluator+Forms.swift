import TimeTravelJSON

/// The evaluation of each form of the language that takes more than a line, kept out of
/// ``Evaluator/eval(_:_:_:_:_:)`` so that its dispatch stays short.
extension Evaluator {
  /// `target[key]`: keys vary slowest, as in jq.
  func evalIndex(
    _ target: Node, _ keyNode: Node, _ input: JSONValue, _ path: Path?, _ env: Environment,
    _ emit: Emit
  ) throws {
    try eval(keyNode, input, nil, env) { key, _ in
      try self.eval(target, input, path, env) { container, containerPath in
        try emit(try Paths.index(container, key), containerPath.map { $0 + [key] })
      }
    }
  }

  /// `target[from:to]`, whose path key is `{"start": from, "end": to}`.
  func evalSlice(
    _ target: Node, _ fromNode: Node?, _ toNode: Node?, _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    try optionalValues(toNode, input, env) { to in
      try self.optionalValues(fromNode, input, env) { from in
        try self.eval(target, input, path, env) { container, containerPath in
          let key: JSONValue = ["start": from, "end": to]
          try emit(try Paths.index(container, key), containerPath.map { $0 + [key] })
        }
      }
    }
  }

  /// `try body catch handler`.
  func evalTry(
    _ body: Node, _ handler: Node?, _ input: JSONValue, _ path: Path?, _ env: Environment,
    _ emit: Emit
  ) throws {
    try tryCatch(body, input, path, env, emit) { error in
      guard let handler else { return }
      try self.eval(handler, error.value, nil, env) { v, _ in try self.emitValue(v, path, emit) }
    }
  }

  /// `label $name | body`: a `break $name` in `body` (jq raises it as the error
  /// `{"__jq": n}`, with `n` this label's number in the run) ends the body quietly. Only
  /// the body's own breaks end it; errors downstream pass through.
  func evalLabel(
    _ name: String, _ body: Node, _ input: JSONValue, _ path: Path?, _ env: Environment,
    _ emit: Emit
  ) throws {
    let id = nextLabel
    nextLabel += 1
    let token = freshToken()
    do {
      try eval(body, input, path, Environment(parent: env, binding: .label(name, id))) { v, p in
        do { try emit(v, p) } catch { throw DownstreamError(token: token, inner: error) }
      }
    } catch let e as DownstreamError where e.token == token {
      throw e.inner
    } catch let e as JQRuntimeError {
      guard case .object(let o) = e.value, o.count == 1,
        case .number(let n)? = o["__jq"], n.intValue == id
      else { throw e }
    }
  }

  /// `-operand`.
  func evalNegate(
    _ operand: Node, _ input: JSONValue, _ path: Path?, _ env: Environment, _ emit: Emit
  ) throws {
    try eval(operand, input, nil, env) { v, _ in
      guard case .number(let n) = v else {
        throw JQRuntimeError(message: "\(Describe.value(v)) cannot be negated")
      }
      try self.emitValue(.number(Arithmetic.negate(n)), path, emit)
    }
  }

  /// Arithmetic and comparisons: the right operand varies slowest, as in jq.
  func evalBinary(
    _ op: BinaryOperator, _ lhs: Node, _ rhs: Node, _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    try eval(rhs, input, nil, env) { r, _ in
      try self.eval(lhs, input, nil, env) { l, _ in
        try self.chargeOperands(op, l, r)
        let result = try Arithmetic.apply(op, l, r)
        try self.chargeBuilt(result)
        try self.emitValue(result, path, emit)
      }
    }
  }

  /// `and` (`shortCircuit` false: a falsy left side decides) and `or` (true: a truthy
  /// left side decides); otherwise each output of the right side decides.
  func evalLogic(
    _ lhs: Node, _ rhs: Node, shortCircuit: Bool, _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    try eval(lhs, input, nil, env) { l, _ in
      if l.isTruthy == shortCircuit { return try self.emitValue(.bool(shortCircuit), path, emit) }
      try self.eval(rhs, input, nil, env) { r, _ in
        try self.emitValue(.bool(r.isTruthy), path, emit)
      }
    }
  }

  /// `lhs // rhs`: the truthy outputs of `lhs`, or else `rhs`; an error of `lhs` ends it.
  func evalAlternative(
    _ lhs: Node, _ rhs: Node, _ input: JSONValue, _ path: Path?, _ env: Environment,
    _ emit: Emit
  ) throws {
    // An error of the left side is not a missing value: it ends the alternative, as in
    // jq 1.6 and 1.7 (`1 | .a // 3` is an error; `.a? // 3` gives 3).
    var found = false
    try eval(lhs, input, path, env) { v, p in
      if v.isTruthy {
        found = true
        try emit(v, p)
      }
    }
    if !found { try eval(rhs, input, path, env, emit) }
  }

  /// `if c then t else e end`, once per output of `c`; no `else` means `.`.
  func evalIf(
    _ condition: Node, _ then: Node, _ otherwise: Node?, _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    try eval(condition, input, nil, env) { c, _ in
      if c.isTruthy {
        try self.eval(then, input, path, env, emit)
      } else if let otherwise {
        try self.eval(otherwise, input, path, env, emit)
      } else {
        try emit(input, path)
      }
    }
  }

  /// `reduce source as $x (initial; update)`: the last output of `update` is the next
  /// state.
  func evalReduce(
    _ source: Node, _ pattern: Pattern, _ initial: Node, _ update: Node, _ input: JSONValue,
    _ path: Path?, _ env: Environment, _ emit: Emit
  ) throws {
    try eval(initial, input, path, env) { start, startPath in
      var state: (JSONValue, Path?) = (start, startPath)
      try self.eval(source, input, nil, env) { item, _ in
        try self.destructure(pattern, item, input, env) { bound in
          var last: (JSONValue, Path?) = (.null, nil)
          try self.eval(update, state.0, state.1, bound) { v, p in last = (v, p) }
          state = last
        }
      }
      try emit(state.0, state.1)
    }
  }

  /// `foreach source as $x (initial; update; extract)`: each output of `update` is the
  /// next state and is extracted.
  func evalForeach(
    _ source: Node, _ pattern: Pattern, _ initial: Node, _ update: Node, _ extract: Node?,
    _ input: JSONValue, _ path: Path?, _ env: Environment, _ emit: Emit
  ) throws {
    try eval(initial, input, path, env) { start, startPath in
      var state: (JSONValue, Path?) = (start, startPath)
      try self.eval(source, input, nil, env) { item, _ in
        try self.destructure(pattern, item, input, env) { bound in
          try self.eval(update, state.0, state.1, bound) { v, p in
            state = (v, p)
            if let extract {
              try self.eval(extract, v, p, bound, emit)
            } else {
              try emit(v, p)
            }
          }
        }
      }
    }
  }

  /// A call by name: a filter parameter or a definition of the program, found in the
  /// environment. Builtins were bound when the filter was compiled.
  func evalCall(
    _ name: String, _ arguments: [Node], _ column: Int, _ input: JSONValue, _ path: Path?,
    _ env: Environment, _ emit: Emit
  ) throws {
    switch env.function(name, arity: arguments.count) {
    case .closure(let closure):
      try eval(closure.body, input, path, closure.environment, emit)
    case .function(let definition, let home):
      try call(definition, home, arguments, input, path, env, emit)
    case nil:
      throw JQRuntimeError(message: "\(name)/\(arguments.count) is not defined")
    }
  }

  /// Runs `definition`'s body in its `home` environment, with each parameter bound to its
  /// argument as a closure over the caller's environment `env`.
  func call(
    _ definition: FunctionDefinition, _ home: Environment, _ arguments: [Node],
    _ input: JSONValue, _ path: Path?, _ env: Environment, _ emit: Emit
  ) throws {
    var callEnv = home
    for (parameter, argument) in zip(definition.parameters, arguments) {
      callEnv = Environment(
        parent: callEnv, binding: .closure(parameter, Closure(body: argument, environment: env)))
    }
    try eval(definition.body, input, path, callEnv, emit)
  }

  /// The value of `$name`; `$ENV` is the process environment unless the program binds it.
  func variable(_ name: String, _ env: Environment) throws -> JSONValue {
    if let bound = env.variable(name) { return bound }
    if name == "ENV" { return Builtins.environmentObject }
    throw JQRuntimeError(message: "$\(name) is not defined")
  }
}
