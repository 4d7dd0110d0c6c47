import Foundation
import TimeTravelJSON

/// Opens a history of any format `replay` reads: a replay log (JSON Lines), or a foreign
/// history (``ForeignFormat``) detected from its content, which is read whole, checked,
/// and presented as the JSON Lines log it amounts to, so that every reader of a
/// ``LogFile`` works on it unchanged.
public enum LogOpener {
  /// How many bytes of a file the detection reads.
  static let prefixSize = 1 << 16

  /// Opens the history at `path`.
  ///
  /// A regular file is detected by its first bytes (see `LogFormatDetector`); a pipe
  /// (`replay <(zcat export.json.gz)`, standard input) is read whole first, as a log
  /// from a pipe always is, and detected from that.
  /// - Parameters:
  ///   - path: The file.
  ///   - name: What messages call it (`stdin` for `/dev/stdin`); the path by default.
  /// - Returns: The log, and the warnings of the import (none for a replay log, whose
  ///   warnings are ``LogFile/warnings``).
  /// - Throws: ``LogError`` as ``LogFile/init(path:)`` does; for a foreign history,
  ///   `.malformedLine` with line and column when the document is not valid JSON (or is
  ///   truncated), `.invalidEntry` naming the member by JSON Pointer when it is not what
  ///   its format says, and `.invalidEntry` when it is valid JSON of no format `replay`
  ///   reads, listing those it does.
  /// - Complexity: O(first line) for a replay log; O(file size) for a foreign history,
  ///   which is held in memory.
  public static func open(path: String, name: String? = nil) throws(LogError) -> (
    log: LogFile, warnings: [LogWarning]
  ) {
    try open(path: path, name: name, deferringIndex: false)
  }

  /// ``open(path:name:)``, opening a replay log in a regular file with the index of its
  /// lines deferred to its first full scan (`LogFile(deferringIndexOf:name:)`) when
  /// `deferringIndex`.
  package static func open(path: String, name: String? = nil, deferringIndex: Bool) throws(LogError)
    -> (log: LogFile, warnings: [LogWarning])
  {
    let name = name ?? path
    var info = stat()
    let kind = stat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    if kind == S_IFIFO || kind == S_IFSOCK {
      let fd = openForReading(path)
      if fd >= 0 {
        defer { close(fd) }
        let data = try LogSource.readAll(fd, path: name, limit: LogSource.pipeLimit)
        return try open(contents: Array(data), name: name)
      }
    }
    guard kind == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else {
      return (try LogFile(path: path, name: name), [])
    }
    defer { try? handle.close() }
    let prefix = Array((try? handle.read(upToCount: prefixSize)) ?? Data())
    let isWhole = prefix.count < prefixSize
    let verdict = LogFormatDetector.verdict(prefix: prefix, isWhole: isWhole)
    guard verdict != .jsonLines else {
      let log =
        deferringIndex
        ? try LogFile(deferringIndexOf: path, name: name) : try LogFile(path: path, name: name)
      return (log, [])
    }
    var bytes = prefix
    if !isWhole { bytes += Array((try? handle.readToEnd()) ?? Data()) }
    guard let imported = try document(bytes, name: name, strict: verdict == .document) else {
      return (try LogFile(path: path, name: name), [])
    }
    return imported
  }

  /// `open(2)` for reading (the name `open` is this type's).
  private static func openForReading(_ path: String) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
  }

  /// Opens a history held in memory (standard input, say), calling it `name` in
  /// messages.
  /// - Parameters:
  ///   - contents: The whole input.
  ///   - name: What messages call it.
  /// - Returns: As ``open(path:name:)``.
  /// - Throws: As ``open(path:name:)``.
  public static func open(contents: [UInt8], name: String) throws(LogError) -> (
    log: LogFile, warnings: [LogWarning]
  ) {
    let prefix = Array(contents.prefix(prefixSize))
    let verdict = LogFormatDetector.verdict(prefix: prefix, isWhole: prefix.count == contents.count)
    if verdict != .jsonLines,
      let imported = try document(contents, name: name, strict: verdict == .document)
    {
      return imported
    }
    return (try LogFile(contents: contents, name: name), [])
  }

  /// Reads `bytes` as one JSON document of a foreign format; `nil` when it is a one-line
  /// replay log after all, or (unless `strict`) not JSON, for the JSON Lines reader to
  /// say why.
  static func document(_ bytes: [UInt8], name: String, strict: Bool) throws(LogError) -> (
    log: LogFile, warnings: [LogWarning]
  )? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: body)
    } catch {
      guard strict else { return nil }
      let what =
        error.isTruncated
        ? "the JSON document ends too soon (\(error.message)): the file is truncated"
        : "not valid JSON: \(error.message)"
      throw LogError(
        kind: .malformedLine, path: name, line: error.line, column: error.column,
        message: "\(what) (read as one JSON document, as the file is not JSON Lines)")
    }
    guard let format = LogFormatDetector.classify(value) else {
      if LogFormatDetector.isLogLine(value) { return nil }
      throw LogError(kind: .invalidEntry, path: name, message: unknownFormatMessage(value))
    }
    guard case .object(var object) = value else { return nil }
    if format == .reduxDevToolsLiftedState, JsanDecoder.mayHaveTags(body) {
      var decoder = JsanDecoder(root: value) { location in
        switch location.first {
        case "actionsById", "computedStates": return 3
        case "committedState": return 1
        default: return 0
        }
      }
      if case .object(let decoded) = decoder.decode(value, at: []) { object = decoded }
    }
    let (imported, warnings): (ImportedLog, [LogWarning])
    switch format {
    case .reduxDevToolsLiftedState:
      (imported, warnings) = try ReduxLiftedStateReader.read(object, path: name)
    case .reduxDevToolsActions:
      (imported, warnings) = try ReduxActionsExportReader.read(object, path: name)
    case .elmHistory:
      (imported, warnings) = try ElmHistoryReader.read(object, path: name)
    }
    return (try LogFile(contents: imported.jsonLines(), name: name), warnings)
  }

  /// Says that `value` is JSON of no format `replay` reads, and which formats it reads.
  static func unknownFormatMessage(_ value: JSONValue) -> String {
    var what =
      value.typeName == "array"
      ? "an array" : "\(value.typeName == "object" ? "an" : "a") \(value.typeName)"
    if case .object(let object) = value {
      let keys = object.keys.prefix(5).map { JSONPrinter.compact.print(.string($0)) }
      what += object.isEmpty ? " with no members" : " with members \(keys.joined(separator: ", "))"
      if object.count > 5 { what += "…" }
    }
    return
      "valid JSON (\(what)), but not a format replay reads; it reads \(ForeignFormat.acceptedList)"
  }
}
