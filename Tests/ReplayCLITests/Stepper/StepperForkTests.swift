import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

/// The stepper's what-ifs: `skip`, `edit` and `whatif` fork the session through
/// `--reducer NAME`, every command then reads the fork, and `back to recorded` returns
/// to the recording at the same entry.
struct StepperForkTests {
  static let search = Repo.root.appendingPathComponent("Fixtures/search-session.jsonl").path

  @Test func skippingTheBlankTitleForksAtTheEntryBeforeAndEveryCommandReadsTheFork() {
    let script = """
      goto 117
      skip 117
      where
      n
      state .todos | length
      find (.action | has("addTodo")) and .seq > 110 and .seq < 122
      list 3
      back to recorded
      where
      quit

      """
    let (code, out, err) = replay(Repo.fixture, "--step", "--reducer", "todo", stdin: script)
    #expect(code == 0)
    // The reducer is used by the forks: no warning calls it unused.
    #expect(err == "")
    #expect(
      out == """
        [init/240] initial state
        [117/240] addTodo
          + /todos/24: {"id":"todo-035","isCompleted":false,"title":"   "}
        what if --skip 117: a fork of 239 entries, first diverging from the recording at entry 118
        [116/240] setLoading
        at state 116 of a fork, what if --skip 117 (239 entries; 'back to recorded' returns to the recording)
        [118/240] setLoading
          ~ /isLoading: true → false
        24
        4 entries match:
            entry 112 (addTodo) at 2026-01-05T09:06:08.351Z {"id":"todo-033","title":"Buy batteries (AA)"} — from TodoReducer/TodoSessionFixture.swift:126
            entry 115 (addTodo) at 2026-01-05T09:06:13.996Z {"id":"todo-034","title":"Email the school"} — from TodoReducer/TodoSessionFixture.swift:126
            entry 120 (addTodo) at 2026-01-05T09:06:27.362Z {"id":"todo-036","title":"Replace light bulb"} — from TodoReducer/TodoSessionFixture.swift:126
            entry 121 (addTodo) at 2026-01-05T09:06:31.118Z {"id":"todo-037","title":"Try the new ramen place"} — from TodoReducer/TodoSessionFixture.swift:126
          entry 116 (setLoading) at 2026-01-05T09:06:15.298Z {"_0":true} — from TodoReducer/TodoSessionFixture.swift:104
        > entry 118 (setLoading) at 2026-01-05T09:06:20.587Z {"_0":false} — from TodoReducer/TodoSessionFixture.swift:79
          entry 119 (deleteTodos) at 2026-01-05T09:06:23.750Z {"atOffsets":[3,22]} — from TodoReducer/TodoSessionFixture.swift:158
        back to the recorded history
        [118/240] setLoading
        at state 118 of the recorded history (240 entries)

        """)
  }

  @Test func withoutEntry117NoStateOfTheForkHasABlankTitle() {
    let script = """
      skip 117
      c any(.todos[]; .title | test("^\\\\s*$"))
      back to recorded
      c any(.todos[]; .title | test("^\\\\s*$"))
      quit

      """
    let (code, out, _) = replay(Repo.fixture, "--step", "--reducer", "todo", stdin: script)
    #expect(code == 0)
    #expect(
      out == """
        [init/240] initial state
        what if --skip 117: a fork of 239 entries, first diverging from the recording at entry 118
        [init/240] initial state
        the predicate holds on no state after the initial state (init); staying here
        back to the recorded history
        [init/240] initial state
        [117/240] addTodo
          + /todos/24: {"id":"todo-035","isCompleted":false,"title":"   "}

        """)
  }

  @Test func aMovedResponseIsSteppedInItsNewPlaceWithItsCause() {
    let script = """
      goto 2
      whatif --move 2:3
      where
      why
      cause
      n
      action
      back to recorded
      quit

      """
    let (code, out, _) = replay(Self.search, "--step", "--reducer", "search", stdin: script)
    #expect(code == 0)
    #expect(
      out == """
        [init/6] initial state
        [2/6] searchResponse (sent by the effect `search` of entry 1)
          ~ /isSearching: true → false
          + /results/0: "Sourcery"
          + /results/1: "SnapKit"
          + /results/2: "Starscream"
          ~ /resultsQuery: null → "s"
        what if --move 2:3: a fork of 6 entries, first diverging from the recording at its entry 3 (recorded entry 2); its entries are numbered 1…6
        [3/6] searchResponse [moved] (sent by the effect `search` of entry 1)
        at state 3 of a fork, what if --move 2:3 (6 entries; 'back to recorded' returns to the recording)
        entry 3 (searchResponse), from its root cause:
          entry 1 (queryChanged) at 2026-01-05T09:00:00.900Z {"_0":"s"}
            dispatched at SearchReducer/SearchSessionFixture.swift:44 in record(to:)
          ↓ the effect `search` sent
          entry 3 (searchResponse) at 2026-01-05T09:00:01.120Z {"query":"s","results":["Sourcery","SnapKit","Starscream"]}
            dispatched at SearchReducer/SearchReducer.swift:49 in reduce(into:action:)
        [1/6] queryChanged
          ~ /isSearching: false → true
          ~ /query: "" → "s"
        [2/6] queryChanged
          ~ /query: "s" → "sw"
        {
          "queryChanged": {
            "_0": "sw"
          }
        }
        site: SearchReducer/SearchSessionFixture.swift:44 in record(to:)
        edited: {"seq":3}
        back to the recorded history
        [3/6] queryChanged

        """)
  }

  @Test func editsAddUpAndAreNamedAsTheForkNumbersItsEntries() {
    // After the insert the fork is numbered 1…7: its entry 3 is the inserted action,
    // and its entry 5 the recorded entry 4.
    let script = """
      goto 3
      whatif --insert 3={"queryChanged":{"_0":"xyz"}}
      skip 3
      n
      skip 5
      skip 9
      back to recorded
      skip 1
      effects
      whatif
      quit

      """
    let (code, out, _) = replay(Self.search, "--step", "--reducer", "search", stdin: script)
    #expect(code == 0)
    #expect(
      out == """
        [init/6] initial state
        [3/6] queryChanged
          ~ /isSearching: false → true
          ~ /query: "s" → "sw"
          - /results/2: "Starscream"
          - /results/1: "SnapKit"
          - /results/0: "Sourcery"
          ~ /resultsQuery: "s" → null
        what if --insert 3={"queryChanged":{"_0":"xyz"}}: a fork of 7 entries, no recorded entry's state differing from the recording; its entries are numbered 1…7
        [4/7] queryChanged
        entry 3 of the fork is an inserted action; 'whatif' with the edits but that insert makes the fork without it
        [5/7] searchResponse (sent by the effect `search` of entry 4)
          ~ /isSearching: true → false
          + /results/0: "SwiftyJSON"
          + /results/1: "SwiftLint"
          + /results/2: "swift-nio"
          ~ /resultsQuery: null → "sw"
        what if --insert 3={"queryChanged":{"_0":"xyz"}} --skip 4: a fork of 6 entries, no recorded entry's state differing from the recording; its entries are numbered 1…6
        [4/6] queryChanged
        the fork has no entry 9 (its entries are 1…6)
        back to the recorded history
        [3/6] queryChanged
        what if --skip 1: a fork of 4 entries (without entry 2, sent by effects of skipped ones), no recorded entry's state differing from the recording
        [3/6] queryChanged
        a fork is replayed with effects not run, so no effect runs are known in it; 'back to recorded' for the recording's
        at state 3 of a fork, what if --skip 1 (4 entries; 'back to recorded' returns to the recording)

        """)
  }

  @Test func whatCannotForkSaysWhyAndTheSessionGoesOn() {
    let without = replay(Repo.fixture, "--step", stdin: "skip 3\nwhatif --skip 3\nnext\nquit\n")
    #expect(without.code == 0)
    #expect(
      without.out == """
        [init/240] initial state
        a what-if replays through a reducer: start the stepper with --reducer NAME (replay LOG --step --reducer NAME)
        a what-if replays through a reducer: start the stepper with --reducer NAME (replay LOG --step --reducer NAME)
        [1/240] addTodo
          + /todos/0: {"id":"todo-001","isCompleted":false,"title":"Buy milk"}

        """)
    let following = replay(
      Repo.fixture, "--step", "--follow", "--reducer", "todo", stdin: "skip 3\nquit\n")
    #expect(following.code == 0)
    #expect(
      following.out == """
        [init/240] initial state
        a fork is not the session being recorded: step without --follow or --listen to fork it

        """)
    let script = """
      back to recorded
      whatif --skip
      whatif --skip 3 --frob 2
      whatif skip 3
      whatif --skip 999
      edit 5={"frob":1}
      skip
      skip x
      edit 5
      where
      quit

      """
    let (code, out, _) = replay(Repo.fixture, "--step", "--reducer", "todo", stdin: script)
    #expect(code == 0)
    let usage =
      "usage: whatif EDIT…, each EDIT one of --skip K, --edit K=ACTION_JSON, --insert K=ACTION_JSON, --move K:L (K and L the recorded entries' seqs)"
    #expect(
      out == """
        [init/240] initial state
        already stepping the recorded history
        \(usage)
        \(usage)
        \(usage)
        --skip 999: entry 999 is out of range (the log has entries 1…240)
        --edit 5={"frob":1}: its action {"frob":1} does not decode as TodoAction: invalid data at "" (Expected exactly one TodoAction case key)
        usage: skip K, K an entry's seq
        skip takes an entry's seq (an integer), not 'x'
        edit takes K=ACTION_JSON, K an entry's seq, not '5'
        at the initial state (init) of the recorded history (240 entries)

        """)
  }

  @Test func helpListsTheForkingCommands() {
    let (_, out, _) = replay(Repo.fixture, "--step", stdin: "help\n")
    #expect(
      out.contains(
        """
          skip K                     fork: this history without entry K (replayed through --reducer NAME)
          edit K=ACTION_JSON         fork: entry K with another action
          whatif [EDIT…]             fork the recording with --what-if's edits; alone, as where
          back to recorded           leave the fork for the recording, at the same entry
          where                      the current state, and the fork's edits if one

        """))
  }
}
