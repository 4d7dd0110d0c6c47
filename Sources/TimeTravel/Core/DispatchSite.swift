/// Where in the app's source an action was dispatched: the caller's `#fileID`, `#line`
/// and `#function`, captured by default arguments of ``Store/dispatch(_:fileID:line:function:)``,
/// ``Send/callAsFunction(_:fileID:line:function:)`` and the other calls that start a
/// transition or an effect.
///
/// The strings are static (in the binary's read-only data), so capturing a site costs
/// three machine words and no allocation, no stack walk, no symbolication; a
/// ``LogRecorder`` writes their bytes straight into the entry's line as
/// `"site":{"file":"TodoApp/TodoView.swift","line":42,"function":"addTapped()"}` (see
/// <doc:LogFormat#Dispatch-sites>). `#fileID` is `Module/File.swift`: no directory of the
/// machine that built the app.
public struct DispatchSite: Sendable {
  /// `#fileID` of the call: `Module/File.swift`.
  public let fileID: StaticString
  /// `#line` of the call, 1-based.
  public let line: UInt
  /// `#function` of the call: `addTapped()`, `reduce(into:action:)`, or the enclosing
  /// declaration's name for a closure.
  public let function: StaticString

  /// Captures the caller's location; pass the arguments on to report a caller's caller.
  ///
  /// - Parameters:
  ///   - fileID: `Module/File.swift`.
  ///   - line: The 1-based line.
  ///   - function: The enclosing function's name.
  public init(
    fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) {
    self.fileID = fileID
    self.line = line
    self.function = function
  }

  /// The site as the log reader reads it back (see ``LogSite``).
  ///
  /// - Complexity: Copies both strings: for tests and messages, not the dispatch path.
  public var logSite: LogSite {
    LogSite(file: Self.text(fileID), line: Int(line), function: Self.text(function))
  }

  /// `TodoApp/TodoView.swift:42`, for messages.
  public var description: String { "\(Self.text(fileID)):\(line)" }

  static func text(_ string: StaticString) -> String {
    string.hasPointerRepresentation
      ? string.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
      : String(string.unicodeScalar)
  }
}
