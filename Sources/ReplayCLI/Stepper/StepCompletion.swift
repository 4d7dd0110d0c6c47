import Foundation
import TerminalEditor
import TimeTravel

/// What Tab completes at the stepper's prompt: command names, and after
/// `watch`, `rwatch` and `state` the JSON Pointer paths (RFC 6901) of the
/// current state, as gdb completes expressions and lldb variable paths.
enum StepCompletion {
  /// The commands Tab offers, by their first names (the one-letter aliases are
  /// already as short as they get), sorted.
  static var commands: [String] { StepCommand.all.map { $0.names[0] }.sorted() }

  /// The completion for `text`, the line before the cursor, with `state()` the
  /// state the stepper is at (asked for only when a path is completed).
  ///
  /// The first word completes to a command name, followed by a space (a command of
  /// several words, `back to recorded`, completes from any of its words). After
  /// `watch `, `rwatch ` or `state `, text that is empty or starts with `/`
  /// completes as a JSON Pointer: what follows its last `/` is matched against
  /// the keys (escaped, `~` as `~0` and `/` as `~1`) or the indexes of the
  /// container the part before it points to. A path completed to a non-empty
  /// container gets a `/` on the next Tab, to go inside. `nil` for anything
  /// else (a jq path, another command's argument).
  static func complete(_ text: String, state: () -> JSONValue?) -> LineCompletion? {
    let leading = text.prefix(while: { $0 == " " }).count
    let line = text.dropFirst(leading)
    // A command of several words, typed up to a space inside it (`back t`).
    let phrases = commands.filter { $0.contains(" ") && line.contains(" ") && $0.hasPrefix(line) }
    if !phrases.isEmpty {
      return LineCompletion(wordStart: leading, candidates: phrases, suffix: " ")
    }
    guard let space = line.firstIndex(of: " ") else {
      let candidates = commands.filter { $0.hasPrefix(line) }
      return LineCompletion(wordStart: leading, candidates: candidates, suffix: " ")
    }
    let command = line[..<space]
    guard StepCommand.named(String(command))?.completesPaths == true else { return nil }
    let argument = line[space...].drop(while: { $0 == " " })
    guard argument.isEmpty || argument.hasPrefix("/"), let state = state() else { return nil }
    let wordStart = text.count - argument.count
    return pointerCompletion(String(argument), in: state, wordStart: wordStart)
  }

  /// Completes `word`, a JSON Pointer's text (or empty), against `document`.
  static func pointerCompletion(_ word: String, in document: JSONValue, wordStart: Int)
    -> LineCompletion?
  {
    let slash = word.lastIndex(of: "/") ?? word.startIndex
    let parentText = String(word[..<slash])
    let partial = word.isEmpty ? "" : String(word[word.index(after: slash)...])
    guard let parent = try? JSONPointer(parsing: parentText),
      let container = parent.resolve(in: document)
    else { return nil }
    // Tokens as they are written in a pointer, with each child's value.
    let children: [(token: String, value: JSONValue)]
    switch container {
    case .object(let object):
      children = object.map { (Self.escaped($0.key), $0.value) }.sorted { $0.token < $1.token }
    case .array(let array):
      children = array.elements.enumerated().map { (String($0.offset), $0.element) }
    default:
      return nil
    }
    let matches = children.filter { $0.token.hasPrefix(partial) }
    if matches.count == 1, matches[0].token == partial, Self.hasChildren(matches[0].value) {
      // Already complete and a container: the next step is inside it.
      return LineCompletion(wordStart: wordStart, candidates: [word + "/"], labels: [partial])
    }
    return LineCompletion(
      wordStart: wordStart, candidates: matches.map { parentText + "/" + $0.token },
      labels: matches.map(\.token))
  }

  /// `key` as a JSON Pointer reference token: `~` as `~0`, `/` as `~1` (RFC 6901 §3).
  static func escaped(_ key: String) -> String {
    String(JSONPointer(tokens: [key]).description.dropFirst())
  }

  private static func hasChildren(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let object): !object.isEmpty
    case .array(let array): !array.isEmpty
    default: false
    }
  }
}
