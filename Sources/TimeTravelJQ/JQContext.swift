import TimeTravelJSON

/// What a filter's run sees beyond its input: where `input` and `inputs` read from, and
/// where `debug` and `stderr` write — the callbacks jq's library takes
/// (`jq_set_input_cb`, `jq_set_debug_cb`, `jq_set_stderr_cb`).
///
/// One context serves a whole stream of runs, as jq's main loop does: a program reading
/// `input` consumes the next value, which then is not run on by itself.
///
/// ```swift
/// import TimeTravelJSON
///
/// let context = JQContext(inputs: [2, 3, 4])
/// let pairs = try JQFilter("[., input]").evaluate(1, context: context)
/// // pairs == [[1, 2]]; `inputs` would now give 3 and 4
/// ```
public final class JQContext {
  /// The next input for `input` and `inputs`, or `nil` when there are no more (then
  /// `input` fails with `break`, jq 1.8's message). An error it throws (a parse error) is raised by
  /// `input` and ends `inputs`.
  public var nextInput: () throws -> JSONValue?
  /// Receives the value `debug` (or `debug(msg)`) is given, as jq's debug callback does;
  /// jq prints it on standard error as `["DEBUG:",value]`.
  public var debug: (JSONValue) -> Void
  /// Receives the input of `stderr`, which jq writes to standard error compactly
  /// without a newline.
  public var stderr: (JSONValue) -> Void
  /// What `input_filename` gives: the name of the file the current input came from, or
  /// `null` (the default) for standard input and values that came from no file.
  public var inputFilename: JSONValue = .null

  /// A context; by default there are no inputs and messages go nowhere.
  public init(
    nextInput: @escaping () throws -> JSONValue? = { nil },
    debug: @escaping (JSONValue) -> Void = { _ in },
    stderr: @escaping (JSONValue) -> Void = { _ in }
  ) {
    self.nextInput = nextInput
    self.debug = debug
    self.stderr = stderr
  }

  /// A context whose inputs are `values`, in order.
  public convenience init(inputs values: [JSONValue]) {
    var pending = values[...]
    self.init(nextInput: { pending.popFirst() })
  }
}
