import TimeTravelJSON

/// Functions the program running a filter lends it, beyond jq's builtins: `replay` gives
/// its expressions `entry(K)`, which reads one entry of the log.
///
/// A filter may call a host function only if it was compiled knowing its name
/// (``JQFilter/init(_:variableNames:hostFunctions:)``, where an unknown name is the usual
/// `name/arity is not defined`); it is given the implementations when it runs
/// (``JQFilter/holds(on:variables:host:)``). Each call maps the input and one value of each
/// argument to one value, arguments that are generators taken as a cartesian product, as
/// jq's C builtins are called.
public struct JQHost: Sendable {
  /// An implementation: the input and the arguments' values to the output.
  public typealias Function =
    @Sendable (_ input: JSONValue, _ arguments: [JSONValue]) throws ->
    JSONValue

  /// The functions by `name/arity`, as jq names them: `entry/1`.
  public var functions: [String: Function]

  /// Lends `functions`, keyed by `name/arity`.
  ///
  /// - Parameter functions: The implementations.
  public init(functions: [String: Function]) {
    self.functions = functions
  }
}

extension Builtin {
  /// The builtin a call of host function `name/arity` is bound to: it runs the host's
  /// implementation, or fails when the filter runs without one.
  static func host(_ name: String, _ arity: Int) -> Builtin {
    let signature = "\(name)/\(arity)"
    return .filter(name, arity) { call, emit in
      try call.cartesian(call.arguments[...], []) { values in
        guard let function = call.evaluator.host?.functions[signature] else {
          throw JQRuntimeError(message: "\(signature) is not available here")
        }
        let value: JSONValue
        do {
          value = try function(call.input, values)
        } catch let error as JQRuntimeError {
          throw error
        } catch {
          throw JQRuntimeError(message: "\(signature): \(error)")
        }
        try call.emitValue(value, emit)
      }
    }
  }
}
