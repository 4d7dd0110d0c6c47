/// The editing state of one prompt line, as readline's emacs mode keeps it: a
/// buffer, a cursor, a kill buffer and the history, changed by key presses.
///
/// Pure: keys go in through ``handle(_:)``, an ``Outcome`` comes out, and the
/// terminal layer (``TerminalLineReader``) draws the line with ``LineView``. The
/// cursor counts characters (grapheme clusters), so it never stops inside a
/// multi-byte or combined character.
///
/// Bindings, as in readline (GNU Readline manual, "Bindable Readline Commands"):
/// - Ctrl-A/Home, Ctrl-E/End, Ctrl-B/←, Ctrl-F/→; Alt-B/Ctrl-←, Alt-F/Ctrl-→ move
///   by words of letters and digits.
/// - Backspace, Delete; Ctrl-D deletes under the cursor, or ends input on an
///   empty line.
/// - Ctrl-K kills to the end, Ctrl-U to the start, Ctrl-W the whitespace-delimited
///   word before the cursor (`unix-word-rubout`), Alt-Backspace and Alt-D the
///   word before and after it; consecutive kills accumulate, Ctrl-Y yanks them.
///   Ctrl-T transposes characters.
/// - ↑/Ctrl-P and ↓/Ctrl-N walk the history. The line being edited, and edits to
///   recalled entries, are kept while walking and dropped when a line is entered
///   (as zsh and libedit do; readline's default keeps edited entries changed).
/// - Ctrl-R searches the history backward incrementally; Ctrl-G leaves the search.
/// - Tab completes; a second Tab that can add nothing lists the candidates.
/// - Ctrl-C cancels the line, Ctrl-L clears the screen, Ctrl-Z suspends.
struct LineEditor {
  /// What the terminal layer does after a key.
  enum Outcome: Equatable {
    /// Nothing visible changed.
    case none
    /// The line, the cursor or the prompt changed: draw the line again.
    case redraw
    /// Ring the bell: Tab found nothing, or found candidates it cannot narrow.
    case bell
    /// The line was entered; `newEntry` is what was added to the history, if anything.
    case submit(line: String, newEntry: String?)
    /// Ctrl-C: `line` was abandoned; show `^C` and a fresh prompt.
    case cancel(line: String)
    /// Ctrl-D on an empty line: end of input.
    case endOfInput
    /// A second Tab: show these candidate labels, then the line again.
    case list([String])
    /// Ctrl-L: clear the screen and draw the line at the top.
    case clearScreen
    /// Ctrl-Z: give the terminal back and stop, as a shell job.
    case suspend
  }

  /// An incremental history search in progress (Ctrl-R).
  private struct Search {
    var query = ""
    /// The history index of the entry shown, if the query matched.
    var match: Int?
    var failed = false
    /// The line, cursor and history position before the search, for Ctrl-G.
    var savedBuffer: String
    var savedCursor: Int
    var savedIndex: Int
  }

  private enum LastKey { case other, tab, kill }

  /// The line as edited so far, as characters (grapheme clusters): the
  /// cursor indexes them, and the view draws them, without segmenting the
  /// whole line again on every key.
  private(set) var characters: [Character] = []
  /// The cursor, in characters from the start of ``buffer``.
  private(set) var cursor = 0
  /// The lines entered so far, oldest first.
  private(set) var history: LineHistory
  /// The text the latest kills removed, which Ctrl-Y inserts.
  private(set) var killBuffer = ""
  /// Finds Tab's candidates; without one, Tab rings the bell.
  var completer: LineCompleter?

  /// Counts the changes to ``characters``, to tell cheaply whether a key changed the line.
  private var revision = 0
  /// The history position shown: `history.entries.count` is the new line.
  private var historyIndex: Int
  /// Edited texts by history position, including the new line's.
  private var edits: [Int: String] = [:]
  private var lastKey = LastKey.other
  private var search: Search?
  private var lastSearchQuery = ""

  /// An empty line over `history`, completing with `completer`.
  init(history: LineHistory = LineHistory(), completer: LineCompleter? = nil) {
    self.history = history
    self.completer = completer
    historyIndex = history.entries.count
  }

  /// During a history search, the prompt that replaces the caller's, as readline
  /// shows it: ``(reverse-i-search)`query': ``; `nil` otherwise.
  var searchPrompt: String? {
    guard let search else { return nil }
    let query = search.query.map(DisplayWidth.shown).joined()
    return "(\(search.failed ? "failed " : "")reverse-i-search)`\(query)': "
  }

  /// The line as edited so far. O(line length).
  var buffer: String { String(characters) }

  /// Applies one key. O(line length), or O(history) for a search step.
  mutating func handle(_ key: EditorKey) -> Outcome {
    if search != nil, let outcome = handleSearch(key) { return outcome }
    let previous = lastKey
    lastKey = .other
    let before = (revision, cursor)
    switch key {
    case .text(let text): replace(cursor..<cursor, with: text)
    case .enter: return submit()
    case .tab:
      let outcome = complete(listing: previous == .tab)
      // As readline: only a Tab that left the line as it was makes the next one list.
      lastKey = outcome == .redraw ? .other : .tab
      return outcome
    case .backspace:
      if cursor > 0 { replace(cursor - 1..<cursor, with: "") }
    case .delete:
      if cursor < length { replace(cursor..<cursor + 1, with: "") }
    case .control("d"):
      if characters.isEmpty { return .endOfInput }
      if cursor < length { replace(cursor..<cursor + 1, with: "") }
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(length, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = length
    case .wordLeft, .meta("b"): cursor = wordStart(before: cursor)
    case .wordRight, .meta("f"): cursor = wordEnd(after: cursor)
    case .up, .control("p"): return walkHistory(by: -1)
    case .down, .control("n"): return walkHistory(by: 1)
    case .control("k"): kill(cursor..<length, backward: false, accumulating: previous == .kill)
    case .control("u"): kill(0..<cursor, backward: true, accumulating: previous == .kill)
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1].isBlank { start -= 1 }
      while start > 0, !characters[start - 1].isBlank { start -= 1 }
      kill(start..<cursor, backward: true, accumulating: previous == .kill)
    case .meta("\u{7F}"):
      kill(wordStart(before: cursor)..<cursor, backward: true, accumulating: previous == .kill)
    case .meta("d"):
      kill(cursor..<wordEnd(after: cursor), backward: false, accumulating: previous == .kill)
    case .control("y"): replace(cursor..<cursor, with: killBuffer)
    case .control("t"): transpose()
    case .control("c"):
      let line = buffer
      startNewLine()
      return .cancel(line: line)
    case .control("g"): return .bell
    case .control("l"): return .clearScreen
    case .control("z"): return .suspend
    case .control("r"):
      search = Search(savedBuffer: buffer, savedCursor: cursor, savedIndex: historyIndex)
      return .redraw
    default: return .none
    }
    return before == (revision, cursor) ? .none : .redraw
  }

  private var length: Int { characters.count }

  /// Puts `text` in place of the characters in `range` and the cursor after it.
  /// O(line length) to move the tail, but only the text and its two neighbours
  /// are segmented again.
  private mutating func replace(_ range: Range<Int>, with text: String) {
    // Characters can join across the edit (a combining mark typed after a
    // letter, a regional indicator after another): segment the text with the
    // characters on either side, each of which starts at a boundary.
    let lower = max(0, range.lowerBound - 1)
    let upper = min(characters.count, range.upperBound + 1)
    let head = String(characters[lower..<range.lowerBound]) + text
    let window = Array(head + String(characters[range.upperBound..<upper]))
    characters.replaceSubrange(lower..<upper, with: window)
    cursor = lower + min(head.count, window.count)
    revision += 1
  }

  /// Replaces the whole line with `text`, the cursor at `cursor` (at the end if `nil`).
  private mutating func setLine(_ text: String, cursor: Int? = nil) {
    characters = Array(text)
    self.cursor = min(cursor ?? characters.count, characters.count)
    revision += 1
  }

  private mutating func kill(_ range: Range<Int>, backward: Bool, accumulating: Bool) {
    let text = String(characters[range])
    if accumulating {
      killBuffer = backward ? text + killBuffer : killBuffer + text
    } else {
      killBuffer = text
    }
    replace(range, with: "")
    cursor = range.lowerBound
    lastKey = .kill
  }

  /// readline's `transpose-chars`: the characters before and at the cursor
  /// swap and the cursor moves on; at the end of the line, the last two swap.
  private mutating func transpose() {
    guard characters.count >= 2, cursor > 0 else { return }
    let at = cursor == characters.count ? cursor - 1 : cursor
    var swapped = characters
    swapped.swapAt(at - 1, at)
    setLine(String(swapped), cursor: at + 1)
  }

  /// Where the word before `position` starts: back over non-word characters,
  /// then over letters and digits (readline's `backward-word`).
  private func wordStart(before position: Int) -> Int {
    var start = position
    while start > 0, !characters[start - 1].isWordCharacter { start -= 1 }
    while start > 0, characters[start - 1].isWordCharacter { start -= 1 }
    return start
  }

  /// Where the word after `position` ends (readline's `forward-word`).
  private func wordEnd(after position: Int) -> Int {
    var end = position
    while end < characters.count, !characters[end].isWordCharacter { end += 1 }
    while end < characters.count, characters[end].isWordCharacter { end += 1 }
    return end
  }

  private mutating func walkHistory(by step: Int) -> Outcome {
    let target = historyIndex + step
    guard (0...history.entries.count).contains(target) else { return .none }
    edits[historyIndex] = buffer
    historyIndex = target
    setLine(edits[target] ?? (target < history.entries.count ? history.entries[target] : ""))
    return .redraw
  }

  private mutating func submit() -> Outcome {
    let line = buffer
    let newEntry = history.add(line)
    startNewLine()
    return .submit(line: line, newEntry: newEntry)
  }

  /// An empty line at the end of the history, as after Enter.
  mutating func startNewLine() {
    setLine("")
    edits = [:]
    search = nil
    lastKey = .other
    historyIndex = history.entries.count
  }

  /// readline's `complete`: a unique candidate replaces the word (then the
  /// suffix); several extend it to their longest common prefix; when that adds
  /// nothing, the bell rings, and a second Tab lists them.
  private mutating func complete(listing: Bool) -> Outcome {
    let textBefore = String(characters[..<cursor])
    guard let completion = completer?(textBefore), !completion.candidates.isEmpty,
      (0...cursor).contains(completion.wordStart)
    else { return .bell }
    let range = completion.wordStart..<cursor
    let word = String(characters[range])
    if completion.candidates.count == 1 {
      let replacement = completion.candidates[0] + completion.suffix
      if replacement == word { return .none }
      replace(range, with: replacement)
      return .redraw
    }
    let common = Self.commonPrefix(completion.candidates)
    if common.count > word.count {
      replace(range, with: common)
      return .redraw
    }
    return listing ? .list(completion.labels) : .bell
  }

  /// The longest run of characters all of `texts` start with.
  static func commonPrefix(_ texts: [String]) -> String {
    guard var prefix = texts.first.map(Array.init) else { return "" }
    for text in texts.dropFirst() {
      let characters = Array(text)
      var count = 0
      while count < min(prefix.count, characters.count), prefix[count] == characters[count] {
        count += 1
      }
      prefix.removeLast(prefix.count - count)
    }
    return String(prefix)
  }

  /// A key during a history search; `nil` when the key ends the search and is
  /// then handled as usual (Enter enters the line found, ← moves in it, …).
  private mutating func handleSearch(_ key: EditorKey) -> Outcome? {
    guard var current = search else { return nil }
    switch key {
    case .text(let text):
      current.query += text
      find(&current, from: current.match ?? current.savedIndex)
    case .control("r"):
      if current.query.isEmpty {
        current.query = lastSearchQuery
        find(&current, from: current.savedIndex)
      } else {
        find(&current, from: (current.match ?? current.savedIndex) - 1)
      }
    case .backspace:
      guard !current.query.isEmpty else { return Outcome.none }
      current.query.removeLast()
      current.match = nil
      current.failed = false
      if current.query.isEmpty {
        setLine(current.savedBuffer, cursor: current.savedCursor)
      } else {
        find(&current, from: current.savedIndex)
      }
    case .control("g"):
      setLine(current.savedBuffer, cursor: current.savedCursor)
      search = nil
      return .redraw
    case .escape:
      endSearch(current)
      return .redraw
    default:
      endSearch(current)
      return nil
    }
    search = current
    if !current.query.isEmpty { lastSearchQuery = current.query }
    return .redraw
  }

  /// Shows the newest entry at or before `start` holding the query, the cursor
  /// at the match; marks the search failed, keeping the line, when none does.
  /// As in readline, a search begins at the entry shown (the newest one when
  /// the new line is) and goes back from there.
  private mutating func find(_ current: inout Search, from start: Int) {
    guard !current.query.isEmpty else { return }
    var index = min(start, history.entries.count - 1)
    while index >= 0 {
      let entry = history.entries[index]
      if let range = entry.firstRange(of: current.query) {
        current.match = index
        current.failed = false
        setLine(entry, cursor: entry.distance(from: entry.startIndex, to: range.lowerBound))
        return
      }
      index -= 1
    }
    current.failed = true
  }

  /// Leaves the search on the entry found, so ↑ and ↓ go on from there, with
  /// the line that was being edited kept at its own position.
  private mutating func endSearch(_ current: Search) {
    search = nil
    guard let match = current.match else { return }
    edits[current.savedIndex] = current.savedBuffer
    edits[match] = nil
    historyIndex = match
  }
}

extension Character {
  /// readline's word characters: letters and digits.
  fileprivate var isWordCharacter: Bool { isLetter || isNumber }
  /// The whitespace `unix-word-rubout` stops at.
  fileprivate var isBlank: Bool { self == " " || self == "\t" }
}
