import TimeTravelJSON

/// Errors, types and the environment.
extension Builtins {
  static let core: [Builtin] = [
    .filter("empty", 0) { _, _ in },
    .filter("error", 0, error),
    .filter("error", 1, error),
    .value("not", 0) { input, _ in .bool(!input.isTruthy) },
    .value("type", 0) { input, _ in .string(input.typeName) },
    .value("builtins", 0, builtins),
    .value("env", 0) { _, _ in environmentObject },
    .value("input_filename", 0) { _, _ in .null },
    // No message callback here: both pass their input through, as jq does.
    .value("debug", 0) { input, _ in input },
    .value("stderr", 0) { input, _ in input },
    .value("have_decnum", 0) { _, _ in true },
    .value("have_literal_numbers", 0) { _, _ in true },
  ]

  /// `error`: raises the input as the error value.
  static func error(_ call: BuiltinCall, _ emit: Emit) throws {
    guard call.arguments.count == 1 else { throw JQRuntimeError(value: call.input) }
    try call.each(0) { throw JQRuntimeError(value: $0) }
  }

  /// `builtins`: `name/arity` of every builtin a program may call, natives and jq-defined,
  /// without the internal `_`-prefixed ones.
  static func builtins(_: JSONValue, _: [JSONValue]) -> JSONValue {
    let names = Set(table.keys).union(Prelude.signatures).filter { !$0.hasPrefix("_") }
    return .array(JSONArray(names.sorted().map { .string($0) }))
  }
}
