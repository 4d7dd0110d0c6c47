enum HelpText {
  static let usage =
    "usage: replay LOG [--show N | --diff A B | --bisect --predicate EXPR | --step | --verify --reducer NAME | --reproduce] [--format text|json]"

  static let full = """
    replay: open a JSON Lines log of (action, prior state, next state) entries and
    find the action that broke the state.

    \(usage)

    MODES (one at a time; without one, replay prints a summary of LOG)
      replay LOG                    Entry count, time span, actions with counts, warnings.
      replay LOG --show N           Entry N's action and the state after it.
                                    N=0 is the initial state (entry 1's prior).
      replay LOG --diff A B         What changed from state A to state B, one line
                                    per changed path (RFC 6901 JSON Pointer).
      replay LOG --diff K           What entry K changed (state K-1 to state K).
      replay LOG --bisect --predicate EXPR
                                    Binary search, as git bisect does, for the first
                                    entry after which EXPR holds on the state. Prints
                                    its seq, its action and the changes it made.
      replay LOG --step             Step through the log; commands come from stdin
                                    (type 'help' at the prompt), so it can be scripted.
      replay LOG --verify --reducer NAME
                                    Re-apply every action through the registered reducer
                                    NAME (bundled: todo, login; effects are not run) and
                                    report the first entry whose recomputed state differs
                                    from the recorded one, with the differing paths.
      replay LOG --reproduce        For a session that died inside a reducer (the log ends
                                    in a pending record), the action it was applying and
                                    the state it applied it to. --show K shows that entry.

    PREDICATES
      EXPR is a jq expression run with the state as input and $seq, $action and
      $prior bound. It holds when its last output is neither false nor null (the
      jq -e rule). Example, for a whitespace-only to-do title:
        --predicate 'any(.todos[]; .title | test("^\\\\s*$"))'

    OPTIONS
      --format text|json            Output for people (default) or for programs.
      --full                        Do not abbreviate long values in text output.
      -h, --help                    This help.
      --version                     The version.

    EXIT CODES
      0  success (bisect: the first bad entry was found)
      1  the predicate never holds
      2  usage error: bad option, predicate syntax error, entry out of range
      3  the log cannot be read: missing or unreadable file, a malformed line
      4  the predicate failed on a state (jq runtime error)
      5  bisect: the predicate already holds on state 0
      6  verify: a recomputed state differs from the log
      8  verify: the log does not fit the reducer (an action or state does not decode)
      (1 also means --reproduce was given a log that did not end inside a reducer)

    LOG FORMAT
      One JSON object per line: {"seq":1,"time":"…","action":…,"prior":…,"next":…}.
      seq and time are optional, as is a header line {"format":"replay-log",…}.
      A torn last line (the app died mid-write) is ignored with a warning.
      See docs/log-format.md.

    """
}
