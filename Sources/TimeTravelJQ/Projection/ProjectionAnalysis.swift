import TimeTravelJSON

/// The abstract interpretation behind ``JQFilter/projection(reading:)``.
///
/// An abstract value is the set of places in the input (or in a variable) that a
/// generator's outputs may be: `Source`s, paths from a root. A value computed by the
/// program (a literal, a sum, an object it builds) has no source, and nothing of it needs
/// reading. Each node records what it observes of the sources it is given: their kind
/// (enough to test truthiness, to index them, or to fail on the wrong kind), their shape
/// (keys and length: `length`, `keys`, `.[]`, whose number of outputs is the number of
/// members), or the whole value.
///
/// It is sound by construction: anything it does not model observes its input whole, and
/// a few constructs (user functions, `..`) make it give up and read everything.
struct ProjectionAnalysis {
  enum Root: Hashable {
    case input
    case variable(String)
  }

  enum Step: Hashable {
    case key(String)
    case index(Int)
    case each
  }

  struct Source: Hashable {
    var root: Root
    var steps: [Step] = []

    func appending(_ step: Step) -> Source {
      var source = self
      source.steps.append(step)
      return source
    }
  }

  enum Use {
    case kind, shape, whole

    var projection: JSONProjection {
      switch self {
      case .kind: .nothing
      case .shape: .shape
      case .whole: .whole
      }
    }
  }

  /// Variables bound by the program (`as $x`), to the places their value may be.
  typealias Scope = [String: [Source]]

  /// What each root is read as, so far.
  private var read: [Root: JSONProjection] = [:]
  /// Whether the analysis met something it cannot follow: everything is then read.
  private(set) var gaveUp = false

  /// The most sources one abstract value holds before the analysis stops tracking them
  /// one by one (a program of many commas), reading them whole instead.
  static let sourceLimit = 256

  /// Records that `sources` are observed as `use` says.
  mutating func use(_ sources: [Source], _ use: Use) {
    for source in sources {
      var projection = use.projection
      for step in source.steps.reversed() {
        switch step {
        case .key(let key): projection = .member(key, projection)
        case .index(let index): projection = .element(index, projection)
        case .each: projection = .each(projection)
        }
      }
      read[source.root] = read[source.root].map { $0.union(projection) } ?? projection
    }
  }

  /// What the program reads of `root`, or `nil` when nothing.
  func projection(of root: Root) -> JSONProjection? { read[root] }

  private mutating func giveUp() -> [Source] {
    gaveUp = true
    return []
  }

  /// The places the outputs of `node` may be, given that its input may be at `input`.
  mutating func evaluate(_ node: Node, _ input: [Source], _ scope: Scope) -> [Source] {
    if gaveUp { return [] }
    if input.count > Self.sourceLimit {
      use(input, .whole)
      return evaluate(node, [], scope)
    }
    switch node {
    case .identity:
      return input
    case .literal:
      return []
    case .index(let target, let key):
      let targets = evaluate(target, input, scope)
      use(targets, .kind)
      switch key {
      case .literal(.string(let name)):
        return targets.map { $0.appending(.key(name)) }
      case .literal(.number(let number)):
        if let index = number.intValue, index >= 0 {
          return targets.map { $0.appending(.index(index)) }
        }
      default:
        break
      }
      use(evaluate(key, input, scope), .whole)
      use(targets, .whole)
      return []
    case .iterate(let target):
      let targets = evaluate(target, input, scope)
      // The number of outputs is the number of members.
      use(targets, .shape)
      return targets.map { $0.appending(.each) }
    case .slice(let target, let from, let to):
      use(evaluate(target, input, scope), .whole)
      for bound in [from, to].compactMap({ $0 }) { use(evaluate(bound, input, scope), .whole) }
      return []
    case .pipe(let lhs, let rhs):
      return evaluate(rhs, evaluate(lhs, input, scope), scope)
    case .comma(let items):
      return items.flatMap { evaluate($0, input, scope) }
    default:
      return evaluateOther(node, input, scope)
    }
  }

  /// The rest of ``evaluate(_:_:_:)``: constructs that compute values, and control flow.
  private mutating func evaluateOther(_ node: Node, _ input: [Source], _ scope: Scope)
    -> [Source]
  {
    switch node {
    case .tryCatch(let body, let handler):
      // The handler's input is the error message, which the program computed.
      return evaluate(body, input, scope) + (handler.map { evaluate($0, [], scope) } ?? [])
    case .alternative(let lhs, let rhs):
      let first = evaluate(lhs, input, scope)
      use(first, .kind)
      return first + evaluate(rhs, input, scope)
    case .ifThen(let condition, let then, let otherwise):
      use(evaluate(condition, input, scope), .kind)
      return evaluate(then, input, scope) + (otherwise.map { evaluate($0, input, scope) } ?? input)
    case .and(let lhs, let rhs), .or(let lhs, let rhs):
      use(evaluate(lhs, input, scope), .kind)
      use(evaluate(rhs, input, scope), .kind)
      return []
    case .binary(_, let lhs, let rhs):
      use(evaluate(lhs, input, scope), .whole)
      use(evaluate(rhs, input, scope), .whole)
      return []
    case .negate(let operand):
      use(evaluate(operand, input, scope), .whole)
      return []
    case .array(let body):
      if let body { use(evaluate(body, input, scope), .whole) }
      return []
    case .object(let entries):
      for entry in entries {
        use(evaluate(entry.key, input, scope), .whole)
        use(evaluate(entry.value, input, scope), .whole)
      }
      return []
    case .interpolated(let parts, _):
      for case .expression(let part) in parts { use(evaluate(part, input, scope), .whole) }
      return []
    case .format:
      use(input, .whole)
      return []
    case .variable(let name, _):
      if let bound = scope[name] { return bound }
      // `$__loc__` and `$ENV` are computed; other free variables are roots.
      return name == "__loc__" || name == "ENV" ? [] : [Source(root: .variable(name))]
    case .bind(let source, let pattern, let body):
      let value = evaluate(source, input, scope)
      var inner = scope
      if case .variable(let name) = pattern {
        inner[name] = value
      } else {
        use(value, .whole)
        for name in pattern.variableNames { inner[name] = [] }
      }
      return evaluate(body, input, inner)
    case .builtin(let builtin, let arguments):
      return evaluateBuiltin(builtin.name, arguments, input, scope)
    case .library(let function, let arguments):
      // Only jq's own definitions are modelled by name: a module's function of the same
      // name and arity (`def first: .action.x;` in an `-L` module) is another function.
      guard Prelude.functions[function.definition.signature] === function else {
        return readWhole(arguments, input, scope)
      }
      return evaluateLibrary(function.definition.name, arguments, input, scope)
    case .reduce, .foreach, .assign:
      // Followed no further: the input is read whole, and the parts are still analysed
      // for the variables they read.
      use(input, .whole)
      visitParts(node, input, scope)
      return []
    case .recurseAll, .functionDefinition, .call:
      return giveUp()
    default:
      return giveUp()
    }
  }

  /// The sub-programs of `reduce`, `foreach` and assignments, each read whole.
  private mutating func visitParts(_ node: Node, _ input: [Source], _ scope: Scope) {
    var inner = scope
    switch node {
    case .reduce(let source, let pattern, let initial, let update):
      use(evaluate(source, input, scope), .whole)
      use(evaluate(initial, input, scope), .whole)
      for name in pattern.variableNames { inner[name] = [] }
      use(evaluate(update, [], inner), .whole)
    case .foreach(let source, let pattern, let initial, let update, let extract):
      use(evaluate(source, input, scope), .whole)
      use(evaluate(initial, input, scope), .whole)
      for name in pattern.variableNames { inner[name] = [] }
      use(evaluate(update, [], inner), .whole)
      if let extract { use(evaluate(extract, [], inner), .whole) }
    case .assign(_, let lhs, let rhs):
      use(evaluate(lhs, input, scope), .whole)
      use(evaluate(rhs, input, scope), .whole)
    default:
      break
    }
  }

  /// Native builtins: those that observe less than their whole input, and the rest,
  /// which read it whole.
  private mutating func evaluateBuiltin(
    _ name: String, _ arguments: [Node], _ input: [Source], _ scope: Scope
  ) -> [Source] {
    switch (name, arguments.count) {
    case ("empty", 0):
      return []
    case ("not", 0), ("type", 0):
      use(input, .kind)
      return []
    case ("length", 0), ("keys", 0), ("keys_unsorted", 0):
      use(input, .shape)
      return []
    case ("has", 1):
      use(input, .shape)
      use(evaluate(arguments[0], input, scope), .whole)
      return []
    case ("select", 1):
      use(evaluate(arguments[0], input, scope), .kind)
      return input
    case ("first", 1):
      return evaluate(arguments[0], input, scope)
    case ("limit", 2):
      use(evaluate(arguments[0], input, scope), .whole)
      return evaluate(arguments[1], input, scope)
    case ("isempty", 1):
      use(evaluate(arguments[0], input, scope), .kind)
      return []
    case ("any", 2), ("all", 2):
      let generated = evaluate(arguments[0], input, scope)
      use(evaluate(arguments[1], generated, scope), .kind)
      return []
    default:
      return readWhole(arguments, input, scope)
    }
  }

  /// Builtins written in jq (``Prelude``) that are followed; the others read their
  /// input whole.
  private mutating func evaluateLibrary(
    _ name: String, _ arguments: [Node], _ input: [Source], _ scope: Scope
  ) -> [Source] {
    let elements = input.map { $0.appending(.each) }
    switch (name, arguments.count) {
    case ("map", 1):
      use(input, .shape)
      use(evaluate(arguments[0], elements, scope), .whole)
      return []
    case ("any", 0), ("all", 0):
      use(input, .shape)
      use(elements, .kind)
      return []
    case ("any", 1), ("all", 1):
      use(input, .shape)
      use(evaluate(arguments[0], elements, scope), .kind)
      return []
    case ("values", 0), ("nulls", 0), ("booleans", 0), ("numbers", 0), ("strings", 0),
      ("arrays", 0), ("objects", 0), ("iterables", 0), ("scalars", 0):
      use(input, .kind)
      return input
    case ("first", 0):
      use(input, .kind)
      return input.map { $0.appending(.index(0)) }
    default:
      return readWhole(arguments, input, scope)
    }
  }

  /// What a builtin not modelled reads: its input whole, and each argument's outputs
  /// whole (an argument may run on any part of the input, which is read whole anyway).
  private mutating func readWhole(_ arguments: [Node], _ input: [Source], _ scope: Scope)
    -> [Source]
  {
    use(input, .whole)
    for argument in arguments { use(evaluate(argument, input, scope), .whole) }
    return []
  }
}
