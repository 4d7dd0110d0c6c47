import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// `--plot PATH`: one value per state of the report, charted against seq.
///
/// PATH is a JSON Pointer (`/todos`) or a jq expression run on each state with `$seq`,
/// `$action` and `$prior` bound, as `--predicate` is (`.todos | length`); its first
/// output is charted. A number is charted as it is; an array or object as its size (so
/// `/todos` charts the count of to-dos); a string or boolean as a category, so the chart
/// shows when it changed; null, a missing member or no output leaves a gap.
struct ReportSeries: Sendable, Encodable {
  private enum Source: Sendable {
    case pointer(JSONPointer)
    case filter(JQFilter)
  }

  /// PATH as given.
  let expression: String
  private let source: Source
  /// One per state, in order: a number, a string, a boolean or null.
  private(set) var values: [JSONValue] = []
  /// Which kinds of value were seen: "number", "size", "string", "boolean".
  private(set) var kinds: [String] = []

  /// Compiles PATH.
  /// - Throws: `CommandError` (usage) naming the flag for a malformed pointer or a jq
  ///   syntax error.
  init(_ expression: String, modules: JQModuleSearch) throws {
    self.expression = expression
    if expression.isEmpty || expression.hasPrefix("/") {
      do {
        source = .pointer(try JSONPointer(parsing: expression))
      } catch {
        throw CommandError(code: ExitCode.usage, message: "--plot: \(error.message)")
      }
    } else {
      source = .filter(
        try JQPredicate.compile(expression, what: "--plot expression", modules: modules))
    }
  }

  /// Adds the value for `state`, the state after `entry` (`nil`: the state before the
  /// first entry of the report).
  /// - Throws: `CommandError` (evaluation error) when the jq expression fails.
  mutating func add(_ state: JSONValue, after entry: LogEntry?) throws {
    let value: JSONValue?
    switch source {
    case .pointer(let pointer):
      value = pointer.resolve(in: state)
    case .filter(let filter):
      let variables = JQPredicate.bindings(entry: entry)
      do {
        value = try filter.evaluate(state, variables: variables).first
      } catch {
        let at =
          entry.map { "the state after entry \($0.seq) (\(TerminalText.sanitize($0.actionName)))" }
          ?? "the first state"
        throw CommandError(
          code: ExitCode.evaluationError,
          message:
            "the --plot expression '\(TerminalText.sanitize(expression))' failed on \(at): \(error)"
        )
      }
    }
    let (charted, kind) = Self.charted(value)
    if let kind, !kinds.contains(kind) { kinds.append(kind) }
    values.append(charted)
  }

  /// What is drawn for `value`, and its kind.
  private static func charted(_ value: JSONValue?) -> (JSONValue, String?) {
    switch value {
    case .number(let n)?:
      // A computed number as jq prints it (`1e+0017` is kept apart from a literal inside
      // the jq engine), so the page reads the value jq would show.
      let printed = JSONPrinter.jq.print(.number(n))
      return ((try? JSONParser.parse(printed)) ?? .number(n), "number")
    case .array(let a)?: return (.number(JSONNumber(a.count)), "size")
    case .object(let o)?: return (.number(JSONNumber(o.count)), "size")
    case .string(let s)?: return (.string(s), "string")
    case .bool(let b)?: return (.bool(b), "boolean")
    case .null?, nil: return (.null, nil)
    }
  }

  /// Appends the values of `later`, the same series over the states that follow.
  mutating func append(_ later: ReportSeries) {
    values += later.values
    for kind in later.kinds where !kinds.contains(kind) { kinds.append(kind) }
  }

  private enum CodingKeys: String, CodingKey { case expression = "expr", kinds, values }

  /// `{"expr": PATH, "kinds": […], "values": […]}`, as the page reads it.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(expression, forKey: .expression)
    try container.encode(kinds, forKey: .kinds)
    try container.encode(values, forKey: .values)
  }
}
