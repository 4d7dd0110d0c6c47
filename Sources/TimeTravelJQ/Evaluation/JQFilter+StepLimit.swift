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
  /// literal, one call of a function or builtin), one output of a native generator such
  /// as `range`, `..` or `.[]`, or one key of a path tracked for such an output. Each
  /// output of a builtin, an operator, an array constructor, a format or a string
  /// interpolation also costs its size (a string one step per 16 UTF-8 bytes, an array
  /// or object one per member, even when a builtin such as `select` passes its input
  /// through); a step that prints, compares, sorts or flattens a value, or makes an
  /// error message of it, costs one per node of it unfolded (a member two containers
  /// share counts twice); an assignment costs the members of the containers it copies
  /// and the `null`s it pads an array with, before it allocates them. So the budget
  /// bounds time, memory and the number of outputs whatever the program:
  /// `[while(0; @base64)]`, `reduce range(30) as $i ([0]; [.[], .[]])` and
  /// `last(limit(30; recurse([., .]))) | tojson` stop instead of building gigabytes.
  /// jq has no such limit; without one these programs run as long as they do in jq.
  /// - Throws: ``JQRuntimeError`` as ``evaluate(_:variables:)``, and `the program took
  ///   more than N evaluation steps` when the budget runs out; `try`, `?` and `//`
  ///   inside the program cannot catch that one.
  /// - Complexity: O(`stepLimit` log `stepLimit`) time (sorting) and O(`stepLimit`)
  ///   memory besides the input, but for a regular expression (`test`, `match`, `sub`,
  ///   `splits`), whose matching in one step is not bounded by the budget.
  public func evaluate(
    _ input: JSONValue, variables: [String: JSONValue] = [:], stepLimit: Int
  ) throws(JQRuntimeError) -> [JSONValue] {
    var outputs: [JSONValue] = []
    try run(input, variables, stepLimit: stepLimit) { outputs.append($0) }
    return outputs
  }
}
