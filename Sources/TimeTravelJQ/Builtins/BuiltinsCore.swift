import TimeTravelJSON

/// Errors, types, the environment, and what a run reads and writes beyond its input
/// (``JQContext``).
extension Builtins {
  static let core: [Builtin] = [
    .filter("empty", 0) { _, _ in },
    .filter("error", 0, error),
    .filter("error", 1, error),
    .value("not", 0) { input, _ in .bool(!input.isTruthy) },
    .value("type", 0) { input, _ in .string(input.typeName) },
    .value("builtins", 0, builtins),
    .value("env", 0) { _, _ in environmentObject },
    .filter("input_filename", 0) { call, emit in
      try call.emitValue(call.evaluator.context?.inputFilename ?? .null, emit)
    },
    .value("input_line_number", 0) { _, _ in 0 },
    .filter("input", 0, input),
    .filter("inputs", 0, inputs),
    .filter("debug", 0) { call, emit in
      call.evaluator.context?.debug(call.input)
      try emit(call.input, call.path)
    },
    .filter("stderr", 0) { call, emit in
      call.evaluator.context?.stderr(call.input)
      try emit(call.input, call.path)
    },
    .filter("halt", 0) { _, _ in throw HaltSignal(code: 0, value: nil) },
    .filter("halt_error", 0) { call, _ in throw HaltSignal(code: 5, value: call.input) },
    .filter("halt_error", 1) { call, _ in
      try call.each(0) { code in
        guard case .number(let n) = code else {
          throw JQRuntimeError(
            message: "\(Describe.value(call.input)) halt_error/1: number required")
        }
        throw HaltSignal(code: LibM.saturatingInt32(n.doubleValue), value: call.input)
      }
    },
    .value("format", 1, Formats.format),
    .filter("get_search_list", 0) { call, emit in
      let paths = call.evaluator.modules?.expandedPaths ?? []
      try call.emitValue(.array(JSONArray(paths.map { .string($0) })), emit)
    },
    .filter("get_prog_origin", 0) { call, emit in
      try call.emitValue(call.evaluator.modules.map { .string($0.programOrigin) } ?? .null, emit)
    },
    .filter("get_jq_origin", 0) { call, emit in
      try call.emitValue(call.evaluator.modules?.origin.map { .string($0) } ?? .null, emit)
    },
    .filter("modulemeta", 0, modulemeta),
    .value("have_decnum", 0) { _, _ in true },
    .value("have_literal_numbers", 0) { _, _ in true },
  ]

  /// `input`: the context's next input; the error `break` when there is none, as jq 1.8.
  static func input(_ call: BuiltinCall, _ emit: Emit) throws {
    guard let next = try nextInput(call) else {
      // jq 1.8's message for the end of the inputs (its `inputs` stops on it).
      throw JQRuntimeError(message: "break")
    }
    try call.emitValue(next, emit)
  }

  /// `inputs`: every remaining input of the context, in order.
  static func inputs(_ call: BuiltinCall, _ emit: Emit) throws {
    while let next = try nextInput(call) { try call.emitValue(next, emit) }
  }

  /// The context's next input; an error it throws becomes a jq error with its text.
  private static func nextInput(_ call: BuiltinCall) throws -> JSONValue? {
    guard let context = call.evaluator.context else { return nil }
    do { return try context.nextInput() } catch let error as JQRuntimeError {
      throw error
    } catch {
      throw JQRuntimeError(message: "\(error)")
    }
  }

  /// `modulemeta`: the metadata of the module the input names, found on the search
  /// paths (not `.`), with its `deps` and `defs`, as jq's `load_module_meta`.
  static func modulemeta(_ call: BuiltinCall, _ emit: Emit) throws {
    guard case .string(let name) = call.input else {
      throw JQRuntimeError(message: "modulemeta input module name must be a string")
    }
    guard let search = call.evaluator.modules else {
      throw JQRuntimeError(message: "module not found: \(name)")
    }
    if let problem = JQModuleSearch.problem(with: name) { throw JQRuntimeError(message: problem) }
    guard let file = search.find(name, suffix: ".jq", search: search.paths, base: nil) else {
      throw JQRuntimeError(message: "module not found: \(name)")
    }
    let meta: JSONValue
    do throws(JQSyntaxError) {
      meta = try ModuleLoader.describe(file)
    } catch {
      throw JQRuntimeError(message: "\(file): \(error.description)")
    }
    try call.emitValue(meta, emit)
  }

  /// `error`: raises the input as the error value.
  static func error(_ call: BuiltinCall, _ emit: Emit) throws {
    // The message holds the value printed whole, as jq's does.
    guard call.arguments.count == 1 else {
      try call.evaluator.chargeWalk(call.input)
      throw JQRuntimeError(value: call.input)
    }
    try call.each(0) {
      try call.evaluator.chargeWalk($0)
      throw JQRuntimeError(value: $0)
    }
  }

  /// `builtins`: `name/arity` of every builtin a program may call, natives and jq-defined,
  /// without the internal `_`-prefixed ones.
  static func builtins(_: JSONValue, _: [JSONValue]) -> JSONValue {
    let names = Set(table.keys).union(Prelude.signatures).filter { !$0.hasPrefix("_") }
    return .array(JSONArray(names.sorted().map { .string($0) }))
  }
}
