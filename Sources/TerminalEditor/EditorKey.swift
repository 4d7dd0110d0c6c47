/// A key press the line editor understands, as ``KeyDecoder`` decodes it from
/// the bytes a terminal sends.
enum EditorKey: Equatable, Sendable {
  /// Printable text: one character as typed, or several from a test.
  case text(String)
  /// Return or Enter (CR, LF, Ctrl-J, Ctrl-M).
  case enter
  /// Tab (Ctrl-I).
  case tab
  /// Backspace (DEL or Ctrl-H): delete the character before the cursor.
  case backspace
  /// The Delete key (`ESC [ 3 ~`): delete the character under the cursor.
  case delete
  /// The arrow keys.
  case up, down, left, right
  /// Home and End, in all the forms terminals send.
  case home, end
  /// Ctrl-Left and Ctrl-Right (also Alt-Left and Alt-Right).
  case wordLeft, wordRight
  /// Ctrl and a letter, the letter in lower case (`control("a")` is Ctrl-A).
  case control(Character)
  /// Alt (Meta) and a character, sent as `ESC` before it (`meta("b")` is Alt-B;
  /// `meta("\u{7F}")` is Alt-Backspace).
  case meta(Character)
  /// Escape alone.
  case escape
  /// A sequence the editor does not bind (function keys, Page Up, …), consumed
  /// whole so none of its bytes is taken for typed text.
  case unbound
}
