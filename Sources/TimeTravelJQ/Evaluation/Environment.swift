import TimeTravelJSON

/// A filter argument captured with the environment it was written in, so a
/// function body calling it sees the caller's variables (jq closures).
struct Closure: Sendable {
  var body: Node
  var environment: Environment
}

/// Run-time bindings: an immutable linked list searched innermost first.
/// Shared freely between generator branches because nothing mutates it.
final class Environment: Sendable {
  enum Binding: Sendable {
    case variable(String, JSONValue)
    case function(FunctionDefinition)
    case closure(String, Closure)
    /// A `label $name` and the number of this evaluation of it.
    case label(String, Int)
  }

  let parent: Environment?
  let binding: Binding?

  init(parent: Environment?, binding: Binding?) {
    self.parent = parent
    self.binding = binding
  }

  func with(variable name: String, _ value: JSONValue) -> Environment {
    Environment(parent: self, binding: .variable(name, value))
  }

  func variable(_ name: String) -> JSONValue? {
    var env: Environment? = self
    while let e = env {
      if case .variable(let n, let v) = e.binding, n == name { return v }
      env = e.parent
    }
    return nil
  }

  /// The number of the innermost `label $name` around this point.
  func label(_ name: String) -> Int? {
    var env: Environment? = self
    while let e = env {
      if case .label(let n, let id) = e.binding, n == name { return id }
      env = e.parent
    }
    return nil
  }

  enum Callee {
    case closure(Closure)
    /// The definition and the environment it is bound in (which includes it).
    case function(FunctionDefinition, Environment)
  }

  func function(_ name: String, arity: Int) -> Callee? {
    var env: Environment? = self
    while let e = env {
      switch e.binding {
      case .closure(let n, let c) where arity == 0 && n == name:
        return .closure(c)
      case .function(let f) where f.name == name && f.parameters.count == arity:
        return .function(f, e)
      default: break
      }
      env = e.parent
    }
    return nil
  }
}
