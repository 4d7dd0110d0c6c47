import TimeTravelJSON

/// A compiled jq expression. Generators, paths and closures are all resolved
/// by the evaluator; the tree only records what the source said.
indirect enum Node: Sendable {
  case identity
  /// `..`
  case recurseAll
  case literal(JSONValue)
  /// A string with `\(…)` parts, optionally under a format such as `@csv`.
  case interpolated([InterpolationPart], format: String?)
  /// `@name` applied to `.`.
  case format(String, column: Int)
  /// `target[key]`, `target.key`.
  case index(Node, Node)
  case slice(Node, from: Node?, to: Node?)
  /// `target[]`
  case iterate(Node)
  /// `try body catch handler`; `body?` is `try body` with no handler.
  case tryCatch(Node, Node?)
  case array(Node?)
  case object([ObjectEntry])
  case negate(Node)
  case pipe(Node, Node)
  case comma([Node])
  case binary(BinaryOperator, Node, Node)
  case and(Node, Node)
  case or(Node, Node)
  case alternative(Node, Node)
  case assign(AssignOperator, Node, Node)
  case ifThen(Node, Node, Node?)
  case reduce(Node, Pattern, Node, Node)
  case foreach(Node, Pattern, Node, Node, Node?)
  case bind(Node, Pattern, Node)
  case functionDefinition(FunctionDefinition, Node)
  /// A call by name: to a function defined in the program or to a filter parameter,
  /// looked up in the environment when it runs (jq's closures).
  case call(String, [Node], column: Int)
  /// A call the compiler bound to a native builtin.
  case builtin(Builtin, [Node])
  /// A call the compiler bound to a builtin written in jq (``Prelude``).
  case library(LibraryFunction, [Node])
  case variable(String, column: Int)
  /// `label $name | body`: a `break $name` inside `body` ends it.
  case label(String, Node)
  /// `break $name`.
  case breakLabel(String, column: Int)
}

/// A ``Prelude`` definition and the environment it is bound in (which holds the
/// definitions before it, and itself, for recursion).
final class LibraryFunction: Sendable {
  let definition: FunctionDefinition
  let home: Environment

  init(definition: FunctionDefinition, home: Environment) {
    self.definition = definition
    self.home = home
  }
}

/// Text or an interpolated expression inside a string literal.
enum InterpolationPart: Sendable {
  case text(String)
  case expression(Node)
}

/// One `key: value` of an object construction; `{a}` is stored as
/// `a: .a` and `{$x}` as `x: $x`.
struct ObjectEntry: Sendable {
  var key: Node
  var value: Node
}

/// `+ - * / %` and the comparisons, all of which take both operands as
/// generators (right operand in the outer loop, as jq does).
enum BinaryOperator: String, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case modulo = "%"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
}

/// `=`, `|=`, `+=` … and `//=`.
enum AssignOperator: String, Sendable {
  case set = "="
  case update = "|="
  case add = "+="
  case subtract = "-="
  case multiply = "*="
  case divide = "/="
  case modulo = "%="
  case alternative = "//="
}

/// A destructuring target of `as`, `reduce` or `foreach`.
indirect enum Pattern: Sendable {
  case variable(String)
  case array([Pattern])
  /// Entries of `{key: pattern, $name, $name: pattern, (expr): pattern}`.
  case object([ObjectPatternEntry])
  /// `p1 ?// p2 ?// …`: destructuring alternatives, tried in order.
  case alternatives([Pattern])

  var variableNames: [String] {
    switch self {
    case .variable(let name): [name]
    case .alternatives(let options):
      options.flatMap(\.variableNames).reduce(into: []) { names, name in
        if !names.contains(name) { names.append(name) }
      }
    case .array(let items): items.flatMap(\.variableNames)
    case .object(let entries):
      entries.flatMap { ($0.binds.map { [$0] } ?? []) + ($0.value?.variableNames ?? []) }
    }
  }
}

/// One entry of an object pattern.
struct ObjectPatternEntry: Sendable {
  var key: Node
  /// `$name` entries also bind the whole member to `$name`.
  var binds: String?
  var value: Pattern?
}

/// `def name(params): body;` — a reference type so a definition can see
/// itself (recursion) through the environment it is bound in.
final class FunctionDefinition: Sendable {
  let name: String
  /// Parameter names without `$`; `$` parameters are desugared in the body.
  let parameters: [String]
  let body: Node

  init(name: String, parameters: [String], body: Node) {
    self.name = name
    self.parameters = parameters
    self.body = body
  }

  var signature: String { "\(name)/\(parameters.count)" }
}
