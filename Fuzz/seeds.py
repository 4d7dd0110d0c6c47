#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target, derived from Fixtures/ (and, when the
team's ../shared/ folder is beside the repository, jq's manual examples and the
RFC 6902 conformance cases). Usage: seeds.py TARGET OUTDIR. Deterministic."""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Fixtures")
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "peer-tests")
MAX_LEN = {"json": 4096, "log": 8192, "patch": 4096, "pointer": 256, "jq": 1024}


def fixture_names():
    # The logs only: Fixtures/interop is a folder of other tools' histories.
    return [n for n in sorted(os.listdir(FIXTURES)) if n.endswith(".jsonl")]


def fixture_lines(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read().split(b"\n")


def entries():
    out = []
    for name in fixture_names():
        for line in fixture_lines(name):
            if line.strip():
                value = json.loads(line)
                if "action" in value and "prior" in value and "next" in value:
                    out.append(value)
    return out


def dump(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def pointer(tokens):
    return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (str(i),))


def simple_patch(old, new, prefix=()):
    """A correct, unminimised RFC 6902 patch from old to new."""
    if isinstance(old, dict) and isinstance(new, dict):
        ops = []
        for k in old:
            if k not in new:
                ops.append({"op": "remove", "path": pointer(prefix + (k,))})
        for k, v in new.items():
            if k in old:
                ops += simple_patch(old[k], v, prefix + (k,))
            else:
                ops.append({"op": "add", "path": pointer(prefix + (k,)), "value": v})
        return ops
    if old == new and type(old) == type(new):
        return []
    return [{"op": "replace", "path": pointer(prefix), "value": new}]


def seeds_json():
    out = []
    for name in fixture_names():
        out += [line for line in fixture_lines(name) if line.strip()]
    for e in entries():
        out += [dump(e["action"]), dump(e["prior"]), dump(e["next"])]
    out += [
        b'0', b'-0', b'1.0e+2', b'-1E-2', b'100000000000000000001', b'1e400', b'0.1e1',
        b'"\\u00e9\\ud83d\\ude00\\ud800\\n\\t\\"\\\\\\/"', b'"e\xcc\x81\xc3\xa9"',
        b'{"a":1,"a":2}', b'[[[[[]]]]]', b'{"":{"":[]}}', b' \t\r\n[ true , false , null ] ',
        b'"\xf0\x9f\x98\x80"', b'[1e5,-0.0,2E-0]',
    ]
    return out


def seeds_log():
    out = []
    for name in fixture_names():
        lines = fixture_lines(name)
        for k in (1, 2, 3, 5, 8):
            out.append(b"\n".join(lines[:k]) + b"\n")
        out.append(b"\n".join(lines[:4]))  # torn: no final newline
        out.append(b"\n".join(lines[:3]) + b"\n" + lines[3][: len(lines[3]) // 2])
    # A compact log, a ring header, a gap record and CRLF endings.
    es = entries()[:6]
    header = {"format": "replay-log", "version": 1, "encoding": "compact", "keyframeInterval": 3}
    compact = [dump(header), dump(es[0])]
    for prev, e in zip(es, es[1:]):
        compact.append(dump({"seq": e["seq"], "patch": simple_patch(prev["next"], e["next"]),
                             "action": e["action"]}))
    out.append(b"\n".join(compact) + b"\n")
    ring = {"format": "replay-log", "version": 1, "ring": 4, "firstSeq": 3, "dropped": 2}
    out.append(dump(ring) + b"\n" + dump(es[2]) + b"\n" + dump(es[3]) + b"\n")
    out.append(dump(es[0]) + b"\n" + b'{"dropped":2,"seq":2}\n' + dump(es[3]) + b"\n")
    out.append(b"\r\n".join(dump(e) for e in es[:3]) + b"\r\n")
    out.append(b"\xef\xbb\xbf" + dump(es[0]) + b"\n")
    out.append(b'{"action":"a","prior":0,"next":1}\n{"action":"b","prior":1,"next":2}\n')
    return out


def seeds_patch():
    out = []
    es = entries()
    for prev, e in zip(es, es[1:]):
        out.append(dump([prev["next"], simple_patch(prev["next"], e["next"])]))
    doc = es[10]["next"]
    ps = [pointer(p) for p in paths(doc)]
    out.append(dump([doc, [
        {"op": "test", "path": ps[3], "value": None},
        {"op": "move", "from": ps[-1], "path": "/moved"},
        {"op": "copy", "from": ps[2], "path": "/todos/-"},
        {"op": "remove", "path": ps[1]},
        {"op": "add", "path": "/todos/0", "value": {"id": "x"}},
    ]]))
    out.append(dump([{"é": 1, "e\u0301": 2}, [{"op": "move", "from": "/é", "path": "/e\u0301/x"}]]))
    out.append(dump([{"a": [1, 2]}, [{"op": "test", "path": "/a/1", "value": 2.0}]]))
    out.append(dump([{}, [{"op": "add", "path": "", "value": [1]}, {"op": "add", "path": "/-", "value": 2}]]))
    spec = os.path.join(SHARED, "json-patch", "spec_tests.json")
    if os.path.exists(spec):
        with open(spec) as f:
            for case in json.load(f):
                if "doc" in case and "patch" in case:
                    out.append(dump([case["doc"], case["patch"]]))
    return out


def seeds_pointer():
    out = {b"", b"/", b"//", b"/~0", b"/~1", b"/~01", b"/~10", b"/a~1b", b"/m~0n", b"/todos/0/\xc3\xa9",
           b"/e\xcc\x81", b"/\xc3\xa9", b"/todos/-", b"/todos/01", b"/todos/2/1", b"/ ", b"/0", b"/01",
           b"a\nb/c\n~"}
    for e in entries()[:40]:
        for p in paths(e["next"]):
            out.add(pointer(p).encode())
        for p in paths(e["action"]):
            out.add(pointer(p).encode())
    return sorted(out)


JQ_FILTERS = [
    ".", ".todos | length", "any(.todos[]; .title | test(\"^\\\\s*$\"))", ".todos[0].id",
    "[.todos[] | select(.isCompleted)] | map(.title)", "paths", "[paths(type == \"number\")]",
    "to_entries | from_entries", "with_entries(.value |= tostring)", "del(.todos[0])",
    ".todos |= sort_by(.title)", "reduce .todos[] as $t (0; . + 1)", "[limit(3; repeat(1))]",
    "first(range(10))", "[.[]?] | add", "path(..)", "tostream", "[splits(\"a\")]",
    "try error(\"x\") catch .", ".a.b.c = 1", "getpath([\"a\",0])", "keys_unsorted", "@base64",
    "@text \"\\(.)\"", "ltrimstr(\"a\") | ascii_downcase", "group_by(.id) | unique_by(length)",
    "def f(x): x * 2; f(.)", ". as [$a, {b: $c}] | $a", "foreach .[] as $x (0; . + $x; [$x, .])",
    "if . then 1 elif . == null then 2 else 3 end", "label $out | 1, break $out",
    ".[] as [$a] ?// $a | $a", "input_line_number? // 1", "walk(if type == \"number\" then . + 1 else . end)",
    "tojson | fromjson", "[.[] | numbers] | min, max", "implode? // explode", "$__loc__", "ltrimstr(1)",
    "indices(\", \")", "test(\"a\"; \"gx\")", "[match(\"(?<x>a)\"; \"g\") | .captures]", "sub(\"a\"; \"b\")",
    "splits(\", *\"; null)", "ascii", "@sh", "@csv", "@json", "@uri", "@html", "tostring * 2",
    "{a: 1} + {b: 2} * {a: {c: 3}}", ".[2:4]", ".[-1:]", "to_number? // .", "env | type",
    "getpath([\"x\"]) |= 3", "setpath([1]; 2)", "delpaths([[0]])", "leaf_paths", "infinite, nan | isinfinite",
    "[.[] | tostring] | join(\",\")", "combinations", "input? // 1", "splits(\"\")", "ascii_upcase",
]


def seeds_jq():
    es = entries()
    state = dump(es[12]["next"])
    inputs = [state, dump(es[3]["action"]), b'[1,"a",null,[2],{"a":"b"}]', b'"a, b,c"', b"3", b"null"]
    out = []
    for i, f in enumerate(JQ_FILTERS):
        out.append(f.encode() + b"\n" + inputs[i % len(inputs)])
    man = os.path.join(SHARED, "jq", "man.test")
    if os.path.exists(man):
        with open(man, "rb") as fh:
            blocks = [b for b in fh.read().split(b"\n\n") if b.strip()]
        for block in blocks:
            lines = [l for l in block.split(b"\n") if l and not l.startswith(b"#")]
            if len(lines) >= 2 and b"\n" not in lines[0]:
                out.append(lines[0] + b"\n" + lines[1])
    return out


def main():
    target, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    seeds = globals()["seeds_" + target]()
    written = 0
    for seed in seeds:
        if len(seed) > MAX_LEN[target]:
            continue
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(seed)
        written += 1
    print(f"{written} seeds for {target} in {outdir}")


if __name__ == "__main__":
    main()
