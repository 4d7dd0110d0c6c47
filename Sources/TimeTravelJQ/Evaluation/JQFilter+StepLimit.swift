import TimeTravelJSON

/// Evaluation stopped by ``JQFilter/evaluate(_:variables:stepLimit:)``'s budget. Not a
/// ``JQRuntimeError``, so `try`, `?` and `//` cannot swallow it.
struct StepLimitError: Error {}

extension JQFilter {
  /// All outputs, in order, as ``evaluate(_:variables:)`` gives them, but stopping
  /// after `stepLimit` evaluation steps: for programs from an untrusted source, or a
  /// fuzzer, where `repeat(.)` or `range(1e12)` must not run forever.
  ///
  /// A step is the evaluation of one node of the program on one input (a path, a
  /// literal, one call of a function or builtin) or one output of a native generator
  /// such as `range`, so the budget bounds the time and the number of outputs,
  /// whatever the program. jq has no such limit; without one
  /// these programs run as long as they do in jq.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``, and `the program took
  ///   more than N evaluation steps` when the budget runs out; `try`, `?` and `//`
  ///   inside the program cannot catch that one.
  /// - Complexity: at most `stepLimit` steps, each at most linear in the size of
  ///   the values it touches (a `sort` or a `tostring` of a large array is one step).
  public func evaluate(
    _ input: JSONValue, variables: [String: JSONValue] = [:], stepLimit: Int
  ) throws(JQRuntimeError) -> [JSONValue] {
    var outputs: [JSONValue] = []
    try run(input, variables, stepLimit: stepLimit) { outputs.append($0) }
    return outputs
  }
}
