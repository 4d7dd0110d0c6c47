#!/usr/bin/env python3
"""Differential run of `replay --eval` against jq on generated filters over generated
values (see docs/fuzzing.md): against jq 1.8 (libjq through Fuzz/libjq.py, the default
when `pip install jq` is there), or against the system jq (`--oracle jq`, jq 1.6 here).

    python3 Fuzz/jqdiff.py [--oracle libjq|jq] [--seconds N] [--seed S] [--replay PATH]
                           [--jq PATH] [--out FILE]

Each case is a random filter (from a grammar of the jq both tools support) run on a few
random inputs. Both tools get the same wrapped program, which turns each input's
outputs and error into values, so that outputs are compared by value input by input:
numbers as doubles (jq 1.6 has no other kind), objects regardless of key order. Every
disagreement is shrunk to a smaller filter that still disagrees, then classified: a
documented jq 1.6 vs 1.7 difference or jq 1.6 bug (KNOWN below, each with its reason),
or unexplained. Unexplained ones are product bugs until shown otherwise; the run exits 1
when there is one. Deterministic for a given seed.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------
# Values


def gen_string(r):
    pieces = ["a", "b", "ab", " ", "", "x,y", "é", "e\u0301", "\u00df", "\U0001F600", "1", "-2.5",
              "null", "\t", "\n", "\"", "\\", "A", "Z", "_", "~", "/", "%", "<&>", "'"]
    return "".join(r.choice(pieces) for _ in range(r.randint(0, 4)))


def gen_number(r):
    return r.choice([0, 1, 2, 3, -1, 10, 0.5, -2.25, 1e3, 100, 7, 2.5, -0.0, 1e17, 12345678901])


# Number texts whose printing jq 1.8 keeps or canonicalises (only against jq 1.8).
NUMBER_TEXTS_18 = ["1.50", "1E2", "100e-2", "-0", "100000000000000000001", "1e1000", "0.10",
                   "123456789012345678901234567890", "1.000", "12e16", "-0.0", "1e-7"]


class Raw(str):
    """A number written as this exact text in the input (jq 1.8 keeps or canonicalises it)."""


def to_text(v):
    """JSON text of a generated value, with Raw numbers written as they are."""
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, list):
        return "[" + ",".join(to_text(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + to_text(x)
                              for k, x in v.items()) + "}"
    return json.dumps(v, ensure_ascii=False)


def gen_value(r, depth=0, raw_numbers=False):
    k = r.randint(0, 9 if depth < 3 else 4)
    if raw_numbers and k in (2, 3) and r.random() < 0.4:
        return Raw(r.choice(NUMBER_TEXTS_18))
    if k == 0:
        return None
    if k == 1:
        return r.random() < 0.5
    if k <= 3:
        return gen_number(r)
    if k == 4:
        return gen_string(r)
    if k <= 6:
        return [gen_value(r, depth + 1, raw_numbers) for _ in range(r.randint(0, 4))]
    keys = ["a", "b", "c", "id", "é", "e\u0301", "", "0", "x y"]
    return {r.choice(keys): gen_value(r, depth + 1, raw_numbers) for _ in range(r.randint(0, 4))}


# ---------------------------------------------------------------------------------
# Filters: a tree of (template, children) so that disagreements can be shrunk.

class F:
    def __init__(self, template, *children):
        self.template = template
        self.children = list(children)

    def render(self):
        return self.template.format(*[c.render() for c in self.children])

    def nodes(self):
        yield self
        for c in self.children:
            yield from c.nodes()


def leaf(text):
    return F(text.replace("{", "{{").replace("}", "}}"))


FIELDS = ["a", "b", "c", "id", "x"]
LEAVES = [".", "..", ".a", ".b", ".id", ".[0]", ".[1]", ".[-1]", ".[]", ".[]?", ".[1:]", ".[:2]",
          ".[-2:]", ".a?", "null", "true", "false", "0", "1", "2", "-1", "0.5", "10", "\"a\"",
          "\"\"", "\"é\"", "\"e\u0301\"", "\"a,b\"", "[]", "{}", "empty", "$__loc__.line", "$v",
          "length", "keys", "keys_unsorted", "values", "type", "not", "add", "any", "all",
          "flatten", "tostring", "tojson", "ascii_downcase", "ascii_upcase", "explode", "reverse",
          "sort", "unique", "min", "max", "to_entries", "from_entries", "[paths]", "[leaf_paths]",
          "[tostream]", "floor", "sqrt", "utf8bytelength", "arrays", "objects", "iterables",
          "scalars", "strings", "numbers", "nulls", "booleans", "[recurse]", "first", "last",
          "@base64", "@base64d", "@text", "@json", "@csv", "@tsv", "@html", "@uri", "@sh",
          "tonumber", "combinations", "transpose", "isnormal", "isinfinite",
          "infinite", "nan | isnan", "@base32", "@base32d", "to_entries", "ltrimstr(\"a\")",
          "rtrimstr(\"b\")", "startswith(\"a\")", "endswith(\"b\")", "split(\",\")", "join(\",\")",
          "test(\"a\")", "test(\"A\"; \"i\")", "[match(\"a|é\"; \"g\") | .offset]",
          "capture(\"(?<x>[a-z])\")", "sub(\"a\"; \"b\")", "gsub(\"[ab]\"; \"-\")", "[scan(\"[a-z]\")]",
          "[splits(\", *\")]", "ascii_downcase", "indices(\"a\")", "index(\"b\")", "rindex(\"a\")",
          "indices(1)", "min_by(.a)", "max_by(.a)", "sort_by(.a)", "group_by(.a)", "unique_by(length)",
          "[range(3)]", "[range(1; 4)]", "[range(0; 10; 3)]", "tojson | fromjson", "getpath([\"a\", 0])",
          "[paths(type == \"number\")]", "del(.a)", "del(.[0])", "to_entries", "with_entries(.value |= tostring)",
          "has(\"a\")", "has(0)", "contains(\"a\")", "contains([1])", "inside([1, 2])", "in({\"a\": 1})",
          "splits(\"a\")", "implode", "ltrimstr(1)", "@text \"v=\\(.)\"", "\"\\(.)\"", "[.[] | tostring]",
          "map(type)", "map_values(length)", "error", "error(\"x\")", "error(null)", "env | type",
          "[limit(2; .[])]", "first(.[])", "isempty(.[])", "[.[]?] | length",
          "walk(if type == \"number\" then . + 1 else . end)", "[..] | length", "getpath([\"a\"])",
          "setpath([\"a\"]; 1)", "delpaths([[0]])", "to_entries | map(.key)", "splits(\"\")", "abs",
          "toarray", "trim", "ltrimstr(\"\")", "@json \"x\\(.)\"", "significand", "pick(.a)",
          "have_decnum", "getpath([0, 0])", "[.[] | numbers] | add", "ascii", "tostream",
          "[splits(\"b\"; null)]", "test(\"\")", "round", "ceil", "fabs", "log", "exp10",
          "[.[] | round]", "[.[] | length]", "min_by(length)", "@sh \"echo \\(.)\"", "implode? // 0",
          "bsearch(1)", "splits(\"[\")", "tojson | length", "limit(0; .[])", "[limit(-1; 1, 2)]",
          "nth(1; .[])", "[first(range(10; 0; -3))]", "[.[]?, .a?]", "[..|numbers]", "add(.[])",
          "getpath([\"a\",\"b\"]) = 5", "[range(5)] | .[2:4] = [\"x\"]", "[1,2,3] | .[1:] |= map(. * 2)",
          "to_entries | from_entries", "[.[] | objects | keys]", "utf8bytelength? // 0",
          "abs", "trimstr(\"a\")", "[limit(3; repeat(1))]", "[.[] | strings | ascii_downcase]",
          ]
# What jq 1.8 adds, and the edges of numbers: only generated against jq 1.8.
LEAVES_18 = ["nan", "infinite", "-infinite", "1e300", "-1e300", "1.5", "-0.5", "1e17",
             "100000000000000000000", "1E2", "1.50", "-0", "0.1", "[nan, 1]", "toboolean",
             "abs", "trim", "ltrim", "rtrim", "significand", "frexp", "modf", "logb", "sin",
             "atan2(1; .)", "ldexp(.; 2)", "pow(.; 2)", "fmin(.; 1)", "nearbyint", "trunc",
             "cbrt", "exp10", "isfinite", "isinfinite", "isnan", "isnormal", "tojson",
             "@urid", "@uri", "@base64d", "@base64", "[splits(\"a\"; \"g\")]",
             "[splits(\"A\"; \"i\")]", "[.[] as [$a] ?// $a | $a]", "label $f | ., break $f",
             "[label $f | .[]? | if . == 1 then break $f else . end]", "$__loc__",
             "-.", "[skip(1; .[]?)]", "[nth(1; .[]?)]", "[limit(-1; .[]?)]", "[limit(1.5; .[]?)]",
             "pick(.[0])", "getpath([nan])", "getpath([1e300])", "del(.[nan])",
             "del(.[0], .[0])", "(.[]? | select(. == 1)) |= empty", ".[]? |= empty",
             "\"x\" * .", ". * \"ab\"", ".[nan]", ".[1e300]", ".[-1.5]", ".[1.5:]",
             ".[nan:]", ".[:nan]", "has(-0.5)", "has(nan)", "[range(.)]?", "[.[] | tostring]",
             "tostring", "tonumber", "ltrimstr(1)", "IN(1, 2)", "INDEX(.a)", "[JOIN({}; .)]?",
             "[limit(3; repeat(1, 2))]", "{$__loc__}", "\"k\" as $k | {$k: 1}",
             "reduce .[]? / 2 as $x (0; . + $x)", "[foreach .[]? * 2 as $x (0; . + $x)]",
             "[sub(\"a\"; \"1\", \"2\")]", "[gsub(\"a\"; \"x\", \"y\")]",
             "debug(\"m\")", "have_decnum", "splits(1)?", "getpath([0, 0])",
             "setpath([0]; 1)", "setpath([-1]; 1)", "delpaths([[0], [1]])", "to_entries",
             "[paths]", "[tostream] | fromstream(.[])", "min", "max", "sort", "unique",
             "group_by(.)", "[.[] | . % 3]?", ". % 0.5", "1 % .", "infinite % .", "tojson | fromjson"]
UNARY_18 = ["-({})", "try -({}) catch .", "label $out | {}", "[.[]? as [$a] ?// $a | {}]",
            "reduce ({}) as $x (0; . + 1)", "[limit(2; {})]", "[skip(1; {})]", "[nth(0; {})]",
            "({}) as {{a: $x}} ?// [$x] | $x", "[{}] | .[] |= empty", "{{$__loc__, a: {}}}",
            "[{}] | sort", "[{}] | unique", "[{}] == [{}]", "({}) < ({})", "[{}] | tojson",
            "abs", "[{}] | implode?", "[.[]? | {}] | add"]
UNSUPPORTED_BY_16 = {"toarray", "trim", "abs", "significand", "pick(.a)", "have_decnum",
                     "trimstr(\"a\")", "add(.[])", "ltrimstr(\"\")"}
BINARY = ["{} | {}", "{}, {}", "{} + {}", "{} - {}", "{} * {}", "{} / {}", "{} % {}", "{} == {}",
          "{} != {}", "{} < {}", "{} <= {}", "{} > {}", "{} >= {}", "{} and {}", "{} or {}",
          "{} // {}"]
UNARY = ["({})", "[{}]", "{{a: {}}}", "{{\"b\": {}, c: 1}}", "{{({} | tostring): 1}}", "{}?",
         "try {}", "try {} catch .", "select({})", "map({})", "[.[]? | {}]", "[{}] | length",
         "first({})", "[limit(2; {})]", "isempty({})", "any({}; .)", "all({}; .)", "path({})",
         "[paths({})]", "del({})", "to_entries | map({})", "with_entries({})", "[recurse({}; . != null)]",
         "{} | not", "reduce .[]? as $x (0; . + ({} | length))",
         "[foreach .[]? as $x (0; {}; [$x, .])]", "{} as $v | [$v, .]", "[.[]? as [$a, $b] | {}]",
         ". as {{a: $v}} | {}", "def f: {}; [f, (1 | f)]", "def f(g): [g, g]; f({})",
         "[{}] | sort", "[{}] | unique", "[{}] | add",
         "({}) |= {}", ".a |= ({})", ".[]? |= ({})", ".a += ({})", ".a //= ({})", ".a = ({})",
         "\"x\\({})y\"", "@base64 \"\\({})\"", "if {} then 1 else 2 end",
         "if {} then {} elif {} then {} else {} end", "{} | length", "[{}] | tojson",
         "[{}] | group_by(.)", "[{}] | min, max", "getpath([{}])?", "splits({})?", "ltrimstr({})",
         "has({})?", "[range({})]?", "{} | tostring", "[{}, {}] | sort", "{} as [$v] | $v",
         "[.[]? | select({})]", "until({}; true)", "[{}] | implode?", "[{}] | join(\"-\")?"]


def gen_filter(r, depth=0, supported_16=True):
    k = r.random()
    if depth >= 4 or k < 0.3:
        while True:
            text = r.choice(LEAVES if supported_16 or r.random() < 0.5 else LEAVES_18)
            if not supported_16 or text not in UNSUPPORTED_BY_16:
                return leaf(text)
    if k < 0.65:
        t = r.choice(BINARY)
        return F(t, gen_filter(r, depth + 1, supported_16), gen_filter(r, depth + 1, supported_16))
    t = r.choice(UNARY if supported_16 or r.random() < 0.7 else UNARY_18)
    n = t.count("{}")
    return F(t, *[gen_filter(r, depth + 1, supported_16) for _ in range(n)])


# ---------------------------------------------------------------------------------
# Running

def wrap(filter_text):
    # [0, v] per output, [1] when an error ends the input's outputs, [2] at its end.
    # `$v` is bound for filters that use it; `$__loc__` is only used through `.line`.
    return f". as $v | (try (({filter_text}) | [0, .]) catch [1]), [2]"


def run(cmd, stdin, timeout):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("timeout", None)
    if p.returncode in (2, 3) and not p.stdout:
        return ("compile", p.stderr.decode(errors="replace").strip())
    if p.returncode < 0 or p.returncode >= 128:
        return ("crash", f"signal/exit {p.returncode}: {p.stderr.decode(errors='replace')[-300:]}")
    try:
        values = [json.loads(l, parse_float=float, parse_constant=lambda c: c)
                  for l in p.stdout.decode("utf-8", errors="surrogateescape").splitlines() if l]
    except ValueError as e:
        return ("badoutput", f"{e}: {p.stdout[:300]!r}")
    if p.returncode not in (0, 5) and p.returncode != 4:
        return ("exit", f"exit {p.returncode}: {p.stderr.decode(errors='replace')[-300:]}")
    return ("ok", values)


def norm(v):
    """Values as jq 1.6 sees them: numbers as doubles (integers as ints when exact)."""
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        f = float(v)
        if math.isinf(f):
            f = math.copysign(1.7976931348623157e308, f)
        return f
    if isinstance(v, str):
        return v
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, dict):
        return {k: norm(x) for k, x in v.items()}
    return v


class LibJQ:
    """jq 1.8 in a worker process (Fuzz/libjq.py --serve), restarted when libjq aborts or a
    case runs past the timeout."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "Fuzz", "libjq.py"),
                                      "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, encoding="utf-8")

    def run(self, program, inputs):
        import select
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.proc.stdin.write(json.dumps({"program": program, "inputs": inputs}) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        if not ready:
            self.proc.kill()
            self.proc = None
            return ("timeout", None)
        line = self.proc.stdout.readline()
        if not line:
            self.proc = None
            return ("crash", "libjq aborted")
        result = json.loads(line)
        if "compile_errors" in result:
            return ("compile", " ".join(result["compile_errors"]))
        values = []
        for event in result["events"]:
            if event[0] == "out":
                values.append(json.loads(event[1]))
            elif event[0] == "error":
                values.append(["uncaught", event[1]])
        return ("ok", values)


def wrap18(filter_text):
    # Each output as jq prints it (so numbers are compared as text), each error message.
    return (f". as $v | (try (({filter_text}) | [0, tojson]) catch "
            f"[1, (if type == \"string\" then . else tojson end)]), [2]")


def compare18(filter_text, inputs, args):
    texts = [to_text(v) for v in inputs]
    program = wrap18(filter_text)
    a = run([args.replay, "--eval", program], ("\n".join(texts) + "\n").encode(), args.timeout)
    b = args.libjq.run(program, texts)
    if a[0] == b[0] and a[0] in ("timeout", "compile"):
        return None
    if a[0] == b[0] == "ok" and a[1] == b[1]:
        return None
    return {"replay": a, "jq": b}


def compare(filter_text, inputs, args):
    if args.oracle == "libjq":
        return compare18(filter_text, inputs, args)
    stdin = ("\n".join(json.dumps(v, ensure_ascii=False) for v in inputs) + "\n").encode()
    program = wrap(filter_text)
    a = run([args.replay, "--eval", program], stdin, args.timeout)
    b = run([args.jq, "-c", program], stdin, args.timeout)
    if a[0] == "timeout" and b[0] == "timeout":
        return None
    if a[0] == "compile" and b[0] == "compile":
        return None
    if a[0] == b[0] == "ok":
        if norm(a[1]) == norm(b[1]):
            return None
        return {"replay": a[1], "jq": b[1]}
    return {"replay": a, "jq": b}


def shrink(tree, inputs, args, budget=80):
    """Replaces nodes by their children or by `.` while the disagreement stays, trying
    at most `budget` candidates (a case where one tool hangs costs the timeout each)."""
    changed = True
    while changed and budget > 0:
        changed = False
        for node in list(tree.nodes()):
            for candidate in [*node.children, leaf(".")]:
                saved = (node.template, node.children)
                node.template, node.children = candidate.template, candidate.children
                if budget > 0 and tree.render() != saved[0]:
                    budget -= 1
                    if compare(tree.render(), inputs, args):
                        changed = True
                        break
                node.template, node.children = saved
            if changed:
                break
    # Then the inputs: keep one that still disagrees.
    for value in inputs:
        if compare(tree.render(), [value], args):
            return tree.render(), [value]
    return tree.render(), inputs


# ---------------------------------------------------------------------------------
# Documented differences: (name, test on (filter, inputs, outcome), reason). Each is
# described in docs/fuzzing.md.

NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")


def strings_differ_only_in_numbers(a, b):
    if isinstance(a, str) and isinstance(b, str):
        f = lambda s: NUMBER.sub(lambda m: repr(float(m.group())), s)
        return a != b and f(a) == f(b)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return any(strings_differ_only_in_numbers(x, y) for x, y in zip(a, b)) and all(
            norm(x) == norm(y) or strings_differ_only_in_numbers(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return strings_differ_only_in_numbers(list(a.values()), list(b.values()))
    return False


KNOWN = [
    ("number-text",
     lambda f, i, o: "replay" in o and isinstance(o["replay"], list)
     and strings_differ_only_in_numbers(o["replay"], o["jq"]),
     "jq 1.6 prints numbers inside strings (tostring, tojson, @text, interpolation) with 17 "
     "significant digits and drops a literal's text; jq 1.7 keeps the literal and prints the "
     "shortest round-trip form"),
    ("limit-0", lambda f, i, o: re.search(r"limit\((0|-)", f) is not None,
     "jq 1.6's limit(0; f) emits all of f; jq 1.7 emits nothing"),
    ("1.6-lacks-builtin",
     lambda f, i, o: isinstance(o.get("jq"), tuple) and o["jq"][0] == "compile"
     and ("is not defined" in (o["jq"][1] or "")),
     "a builtin jq 1.7 added (toarray, trim, abs, pick, have_decnum, splits/2 with null, ...) "
     "is not defined in jq 1.6"),
    ("1.6-hangs",
     lambda f, i, o: isinstance(o.get("jq"), tuple) and o["jq"][0] == "timeout",
     "jq 1.6 loops forever on some inputs (\"abc\" | gsub(\"\"; \"-\"), "
     "\"abc\" | indices(\"\")) that replay answers"),
    ("error-null",
     lambda f, i, o: "error(null)" in f and isinstance(o.get("jq"), list)
     and [1] not in o["jq"] and [1] in o.get("replay", []),
     "jq 1.6's try does not catch error(null): the body just ends; jq 1.7 catches it "
     "(try error(null) catch . gives null)"),
    ("object-value-syntax",
     lambda f, i, o: isinstance(o.get("jq"), tuple) and o["jq"][0] == "compile"
     and ("May need parentheses around object key expression" in (o["jq"][1] or "")
          or "expecting '}'" in (o["jq"][1] or ""))
     and isinstance(o.get("replay"), tuple) and o["replay"][0] == "ok",
     "replay accepts any expression without a top-level comma as an object value "
     "({a: . != 1}); jq 1.6 and 1.7 require parentheses unless it is a term or a pipe"),
    ("1.6-try-downstream",
     lambda f, i, o: ("?" in f or "try" in f) and isinstance(o.get("jq"), list)
     and [1] in o.get("replay", []) and [1] not in o["jq"],
     "jq 1.6's try and ? also catch an error raised after their body produced a value "
     "(downstream of it); jq 1.7 catches only the body's own errors, as replay does"),
    ("reverse-string",
     lambda f, i, o: "reverse" in f and isinstance(o.get("jq"), list) and [1] in o["jq"]
     and any(isinstance(v, str) for v in i),
     "jq 1.7 reverses a string; jq 1.6's reverse indexes it and fails"),
    ("1.6-crashes",
     lambda f, i, o: isinstance(o.get("jq"), tuple) and o["jq"][0] == "crash",
     "jq 1.6 aborts on an assertion ([-1] | implode)"),
    ("1.6-index-wording",
     lambda f, i, o: messages_differ_only_in(o, r"^Cannot index \w+ with "),
     "jq 1.6 writes `Cannot index number with string \"a\"` and `Cannot index object with "
     "number`; replay writes jq 1.8's `Cannot index number with string (\"a\")` and `Cannot "
     "index object with number (0)`"),
]


def uncaught_or_error(outcome, side):
    """The error messages one side reported, caught or not."""
    value = outcome.get(side)
    if not (isinstance(value, tuple) and value[0] == "ok"):
        return []
    return [v[1] for v in value[1] if isinstance(v, list) and len(v) == 2 and v[0] in (1, "uncaught")]


def messages_differ_only_in(outcome, pattern):
    a, b = uncaught_or_error(outcome, "replay"), uncaught_or_error(outcome, "jq")
    return bool(a) and len(a) == len(b) and all(
        x == y or (re.search(pattern, x) and re.search(pattern, y)) for x, y in zip(a, b))


# Where replay knowingly differs from jq 1.8, each with its reason (docs/fuzzing.md).
KNOWN_18 = [
    ("1.8-hangs",
     lambda f, i, o: o["jq"][0] == "timeout" and o["replay"][0] != "timeout",
     "jq 1.8 loops for ever on range/1 and range/2 with a NaN bound (and combinations(nan)), "
     "which replay answers with nothing"),
    ("1.8-crashes",
     lambda f, i, o: o["jq"][0] == "crash",
     "libjq 1.8.2 aborts on an assertion"),
    ("regex-message",
     lambda f, i, o: messages_differ_only_in(o, r"is not a valid regex"),
     "an invalid regex: jq appends Oniguruma's reason, replay's engine (ICU) words its own"),
    ("json-parser-message",
     lambda f, i, o: messages_differ_only_in(o, r"\(while parsing '"),
     "fromjson errors carry replay's JSON parser's message, not jq's"),
]


def classify(filter_text, inputs, outcome, jq18=False):
    for name, test, _ in (KNOWN_18 if jq18 else KNOWN):
        try:
            if test(filter_text, inputs, outcome):
                return name
        except Exception:
            pass
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracle", choices=["libjq", "jq"], default=None,
                    help="jq 1.8 through libjq (the default when the jq package imports), "
                    "or the jq executable given by --jq")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay", default=os.path.join(ROOT, ".build", "release", "replay"))
    ap.add_argument("--jq", default="jq")
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--inputs", type=int, default=4)
    ap.add_argument("--out", default=os.path.join(ROOT, "Fuzz", ".build", "jqdiff.jsonl"))
    args = ap.parse_args()
    if args.oracle is None:
        try:
            import jq  # noqa: F401
            args.oracle = "libjq"
        except ImportError:
            args.oracle = "jq"
    args.libjq = LibJQ(args.timeout) if args.oracle == "libjq" else None
    jq18 = args.oracle == "libjq"
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    r = random.Random(args.seed)
    start = time.time()
    cases = agree = 0
    by_class = {}
    unexplained = []
    seen = set()
    with open(args.out, "w") as out:
        while time.time() - start < args.seconds:
            if cases % 500 == 0 and cases:
                print(f"{time.time() - start:.0f} s: {cases} cases, {agree} agree, {by_class}",
                      flush=True)
            tree = gen_filter(r, supported_16=not jq18)
            inputs = [gen_value(r, raw_numbers=jq18) for _ in range(args.inputs)]
            cases += 1
            outcome = compare(tree.render(), inputs, args)
            if outcome is None:
                agree += 1
                continue
            original = tree.render()
            name = classify(original, inputs, outcome, jq18)
            if name in ("1.6-hangs", "limit-0", "1.6-lacks-builtin"):
                # Explained as it stands; shrinking would only cost time.
                small, small_inputs = original, inputs
            else:
                small, small_inputs = shrink(tree, inputs, args)
                outcome = compare(small, small_inputs, args) or outcome
                name = classify(small, small_inputs, outcome, jq18) or name
            record = {"class": name, "filter": small, "inputs": small_inputs,
                      "original": original, "outcome": outcome}
            out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
            out.flush()
            by_class[name] = by_class.get(name, 0) + 1
            if name is None and small not in seen:
                seen.add(small)
                unexplained.append(record)
                print("UNEXPLAINED:", json.dumps(record, ensure_ascii=False, default=str)[:600],
                      flush=True)
    elapsed = time.time() - start
    print(f"{cases} cases ({cases * args.inputs} inputs) in {elapsed:.0f} s; {agree} agree; "
          f"disagreements by class: {json.dumps(by_class)}; unexplained distinct: "
          f"{len(unexplained)}; details: {args.out}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
