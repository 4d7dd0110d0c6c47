enum HelpText {
  static let usage = """
    usage: replay LOG [--show N | --diff A [B] | --bisect (--predicate EXPR | --run CMD) [--linear]
                       | --watch PATH | --find EXPR | --step | --verify --reducer NAME | --reproduce]
                      [--where EXPR] [--format text|json]
           replay --eval EXPR < values.json
    """

  static let full = """
    replay: open a JSON Lines log of (action, prior state, next state) entries and
    find the action that broke the state.

    \(usage)

    States are numbered: state 0 is the initial state (entry 1's prior), state K the
    state after entry K.

    MODES (one at a time; without one, replay prints a summary of LOG)
      replay LOG                    Entry count, time span, actions with counts, warnings.
      replay LOG --show N           Entry N's action and the state after it (N=0: the
                                    initial state).
      replay LOG --diff A B         What changed from state A to state B, shown inside
                                    the surrounding structure, each change with its
                                    RFC 6901 JSON Pointer; unchanged runs are folded.
      replay LOG --diff K           What entry K changed (state K-1 to state K).
      replay LOG --bisect --predicate EXPR
                                    Binary search, as git bisect does, for the first
                                    entry after which EXPR holds on the state. Checks
                                    both ends first, and warns when the predicate
                                    flips more than once.
      replay LOG --bisect --run CMD The same, judging each state by a command: the
                                    state's JSON on its stdin, REPLAY_STATE=K in its
                                    environment; exit 0 good, 125 skip, 1-127 bad,
                                    128 and above abort (git bisect run). What CMD
                                    prints goes to stderr.
        --linear                    With --bisect: scan from state 0 instead, to find
                                    the true first bad entry of a non-monotone predicate.
      replay LOG --watch PATH       Every entry that changed the value at PATH (a jq
                                    path such as .todos[0].title, or a JSON Pointer
                                    such as /todos/0/title), with old and new values.
      replay LOG --find EXPR        The entries on which EXPR holds, run on the whole
                                    entry {seq, time, action, prior, next}.
      replay LOG --step             Step through the log; commands come from stdin
                                    (type 'help' at the prompt), so it can be scripted.
                                    At a terminal: line editing, Tab completion, and a
                                    history kept in ~/.replay_history (REPLAY_HISTORY).
      replay --eval EXPR            Read JSON values from stdin and print each output
                                    of EXPR on one line, like jq -c.
      replay LOG --verify --reducer NAME
                                    Re-apply every action through the registered reducer
                                    NAME (bundled: todo, login; effects are not run) and
                                    report the first entry whose recomputed state differs
                                    from the recorded one, with the differing paths.
      replay LOG --reproduce        For a session that died inside a reducer (the log ends
                                    in a pending record), the action it was applying and
                                    the state it applied it to. --show K shows that entry.

    EXPRESSIONS
      EXPR is jq (a native subset of jq 1.7). Predicates run with the state as input
      and $seq, $action and $prior bound; one holds when its last output is neither
      false nor null (the jq -e rule). Example, for a whitespace-only to-do title:
        --predicate 'any(.todos[]; .title | test("^\\\\s*$"))'

    OPTIONS
      --where EXPR                  Restrict the summary, --find and --watch to entries
                                    on which EXPR holds.
      --format text|json|json-patch Output for people (default) or for programs;
                                    json-patch (with --diff) prints an RFC 6902 patch
                                    that turns state A into state B.
      --id-key KEY                  Match array elements by KEY in diffs (besides id,
                                    ID and _id).
      --color[=auto|always|never]   Colour (default auto: on a terminal, unless
                                    NO_COLOR is set). --no-color is --color=never.
      --full                        Do not abbreviate long values in text output.
      -h, --help                    This help.
      --version                     The version.

    EXIT CODES
      0  success (bisect: the first bad entry was found)
      1  the predicate never holds; --find or --watch found nothing
      2  usage error: bad option, predicate syntax error, entry out of range
      3  the log cannot be read: missing or unreadable file, a malformed line
      4  the predicate failed on a state (jq runtime error), or --run aborted
      5  bisect: the predicate already holds on state 0
      6  verify: a recomputed state differs from the log
      7  bisect: skipped states border the change; the candidates are listed
      8  verify: the log does not fit the reducer (an action or state does not decode)
      (1 also means --reproduce was given a log that did not end inside a reducer)

    LOG FORMAT
      One JSON object per line: {"seq":1,"time":"…","action":…,"prior":…,"next":…}.
      seq and time are optional, as is a header line {"format":"replay-log",…}.
      A torn last line (the app died mid-write) is ignored with a warning.
      LOG may be - for standard input (not with --step, which reads its commands
      there): zcat log.jsonl.gz | replay - --find EXPR. See docs/log-format.md.

    """
}
