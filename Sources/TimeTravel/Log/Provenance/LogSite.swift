import TimeTravelJSON

/// Where an action was dispatched (or an effect built), as a log records it: an entry's
/// or an effect record's `site` member, `{"file":"TodoApp/TodoView.swift","line":42,"function":"addTapped()"}`.
///
/// The Swift recorder writes ``DispatchSite``s (`#fileID`, `#line`, `#function`); the
/// Redux logger and Redux DevTools imports write a JavaScript stack frame, with a
/// `column`. Only `file` is required (see <doc:LogFormat#Dispatch-sites>).
public struct LogSite: Sendable, Hashable, CustomStringConvertible {
  /// The source file as the writer names it: `Module/File.swift`, `src/cart.js`.
  public var file: String
  /// The 1-based line, when known.
  public var line: Int?
  /// The function or method, when known.
  public var function: String?
  /// The 1-based column, when the writer records one (JavaScript stack frames do).
  public var column: Int?

  /// Creates a site.
  ///
  /// - Parameters:
  ///   - file: The source file's name.
  ///   - line: The 1-based line.
  ///   - function: The enclosing function.
  ///   - column: The 1-based column.
  public init(file: String, line: Int?, function: String?, column: Int? = nil) {
    self.file = file
    self.line = line
    self.function = function
    self.column = column
  }

  /// Reads a `site` member: an object with a string `file`, and optionally an integer
  /// `line` and `column` and a string `function`; other members are ignored.
  ///
  /// - Parameter value: The member's value.
  /// - Returns: `nil` when `value` is not such an object (``problem(in:)`` says why).
  public init?(_ value: JSONValue) {
    guard Self.problem(in: value) == nil, case .string(let file)? = value["file"] else {
      return nil
    }
    self.file = file
    line = value["line"]?.numberValue?.intValue
    function = value["function"]?.stringValue
    column = value["column"]?.numberValue?.intValue
  }

  /// Why `value` is not a readable site, or `nil` when it is one: for the warning a
  /// reader gives, `"/site must be an object with a string \"file\""`, say.
  ///
  /// - Parameter value: A `site` member's value.
  /// - Returns: A phrase naming the member at fault by JSON Pointer, or `nil`.
  public static func problem(in value: JSONValue) -> String? {
    guard case .object(let object) = value else {
      return "/site must be an object, found \(value.typeName)"
    }
    guard case .string? = object["file"] else {
      return "/site must have a string \"file\""
    }
    for key in ["line", "column"] {
      if let member = object[key], member != .null, member.numberValue?.intValue == nil {
        return "/site/\(key) must be an integer, found \(JSONPrinter.compact.print(member))"
      }
    }
    if let member = object["function"], member != .null, member.stringValue == nil {
      return "/site/function must be a string, found \(member.typeName)"
    }
    return nil
  }

  /// The site as the log writes it: `{"file":…,"line":…,"function":…,"column":…}`,
  /// members that are `nil` left out.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["file"] = .string(file)
    if let line { object["line"] = .number(JSONNumber(line)) }
    if let function { object["function"] = .string(function) }
    if let column { object["column"] = .number(JSONNumber(column)) }
    return .object(object)
  }

  /// `TodoApp/TodoView.swift:42`, or `src/cart.js:12:5` with a column; the file alone
  /// when the line is unknown. Raw: escape it before writing it to a terminal.
  public var description: String {
    guard let line else { return file }
    return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
  }

  /// Whether the file or function name holds a control character (U+0000…U+001F,
  /// U+007F…U+009F): a hostile or corrupt site, which readers warn about and show
  /// escaped.
  public var hasControlCharacters: Bool {
    func control(_ text: String) -> Bool {
      text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
    return control(file) || function.map(control) == true
  }
}
