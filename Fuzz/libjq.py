#!/usr/bin/env python3
"""jq 1.8 as an oracle: libjq, called through ctypes from the shared library that the
`jq` Python package (`pip install jq`, libjq 1.8.2) ships, driven the way jq's own main
loop drives it: each input parsed by jq's parser, `input`/`inputs` reading the same
stream, `-L` search paths, outputs printed with `jv_dump_string` exactly as `jq -c`
prints them, error messages, `halt`/`halt_error`, `debug` and `stderr` messages.

    python3 Fuzz/libjq.py [-LDIR[:DIR…]] PROGRAM [INPUT…]   # one run, as JSON
    python3 Fuzz/libjq.py --batch CASES.json                # one JSON line per case

A run's result is {"compile_errors": [...]} or {"events": [[kind, …], …]} where kind is
"out" (text), "error" (message), "halt" (exit code, text or null), "debug", "stderr"
or "input-error". Used by Fuzz/jqdiff.py and by the tests that compare with jq 1.8.
"""
import ctypes, json, os, sys
import jq as _jqmodule
JV_KIND_INVALID, JV_KIND_STRING = 0, 5

_lib = ctypes.CDLL(_jqmodule.__file__)

class _U(ctypes.Union):
    _fields_ = [("ptr", ctypes.c_void_p), ("number", ctypes.c_double)]

class JV(ctypes.Structure):
    _fields_ = [("kind_flags", ctypes.c_ubyte), ("pad_", ctypes.c_ubyte),
                ("offset", ctypes.c_ushort), ("size", ctypes.c_int), ("u", _U)]

def _f(name, res, *args):
    fn = getattr(_lib, name)
    fn.restype = res
    fn.argtypes = list(args)
    return fn

jq_init = _f("jq_init", ctypes.c_void_p)
jq_teardown = _f("jq_teardown", None, ctypes.POINTER(ctypes.c_void_p))
jq_compile = _f("jq_compile", ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)
jq_start = _f("jq_start", None, ctypes.c_void_p, JV, ctypes.c_int)
jq_next = _f("jq_next", JV, ctypes.c_void_p)
jq_set_attr = _f("jq_set_attr", None, ctypes.c_void_p, JV, JV)
jq_halted = _f("jq_halted", ctypes.c_int, ctypes.c_void_p)
jq_get_exit_code = _f("jq_get_exit_code", JV, ctypes.c_void_p)
jq_get_error_message = _f("jq_get_error_message", JV, ctypes.c_void_p)
jv_string = _f("jv_string", JV, ctypes.c_char_p)
jv_array = _f("jv_array", JV)
jv_array_append = _f("jv_array_append", JV, JV, JV)
jv_null = _f("jv_null", JV)
jv_copy = _f("jv_copy", JV, JV)
jv_free = _f("jv_free", None, JV)
jv_get_kind = _f("jv_get_kind", ctypes.c_int, JV)
def jv_is_valid(v): return jv_get_kind(v) != JV_KIND_INVALID
jv_invalid_has_msg = _f("jv_invalid_has_msg", ctypes.c_int, JV)
jv_invalid_get_msg = _f("jv_invalid_get_msg", JV, JV)
jv_invalid = _f("jv_invalid", JV)
jv_dump_string = _f("jv_dump_string", JV, JV, ctypes.c_int)
jv_string_value = _f("jv_string_value", ctypes.c_char_p, JV)
jv_string_length_bytes = _f("jv_string_length_bytes", ctypes.c_int, JV)
jv_parse_sized = _f("jv_parse_sized", JV, ctypes.c_char_p, ctypes.c_int)
jv_number_value = _f("jv_number_value", ctypes.c_double, JV)

CB_ERR = ctypes.CFUNCTYPE(None, ctypes.c_void_p, JV)
jq_set_error_cb = _f("jq_set_error_cb", None, ctypes.c_void_p, CB_ERR, ctypes.c_void_p)
jq_set_input_cb = _f("jq_set_input_cb", None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
jq_util_input_init = _f("jq_util_input_init", ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
jq_util_input_add_input = _f("jq_util_input_add_input", None, ctypes.c_void_p, ctypes.c_char_p)
jq_util_input_next_input = _f("jq_util_input_next_input", JV, ctypes.c_void_p)
jq_util_input_set_parser = _f("jq_util_input_set_parser", None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
jq_util_input_free = _f("jq_util_input_free", None, ctypes.POINTER(ctypes.c_void_p))
jq_util_input_errors = _f("jq_util_input_errors", ctypes.c_int, ctypes.c_void_p)
jv_parser_new = _f("jv_parser_new", ctypes.c_void_p, ctypes.c_int)
_next_input_cb = ctypes.cast(_lib.jq_util_input_next_input_cb, ctypes.c_void_p)
jq_set_debug_cb = _f("jq_set_debug_cb", None, ctypes.c_void_p, CB_ERR, ctypes.c_void_p)
jq_set_stderr_cb = _f("jq_set_stderr_cb", None, ctypes.c_void_p, CB_ERR, ctypes.c_void_p)



def _text(v):
    """A jv string's text (consumes v)."""
    n = jv_string_length_bytes(jv_copy(v))
    raw = ctypes.string_at(jv_string_value(v), n)
    jv_free(v)
    return raw.decode("utf-8", errors="surrogateescape")

def _dump(v):
    return _text(jv_dump_string(v, 0))

def _message(msg):
    if jv_get_kind(msg) == JV_KIND_STRING:
        return _text(msg)
    return _dump(msg) + " (not a string)"

def _parse(text):
    b = text.encode()
    return jv_parse_sized(b, len(b))

def run(program, inputs, library_paths=None, null_input=False):
    """Runs `program` as `jq -c` would on the JSON texts `inputs` (each one value).

    Returns a dict: compile_errors (list of messages) or a list of events, each
    ("out", text) | ("error", message) | ("halt", code, text) | ("debug", text)
    | ("stderr", text), in order."""
    jq = ctypes.c_void_p(jq_init())
    events, compile_errors = [], []
    keep = []
    def on_error(_, msg):
        compile_errors.append(_message(jv_copy(msg)))
        jv_free(msg)
    def on_debug(_, msg):
        events.append(("debug", _dump(jv_copy(msg))))
        jv_free(msg)
    def on_stderr(_, msg):
        events.append(("stderr", _dump(jv_copy(msg))))
        jv_free(msg)
    import tempfile
    tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
    tmp.write("\n".join(inputs) + ("\n" if inputs else ""))
    tmp.close()
    state = ctypes.c_void_p(jq_util_input_init(None, None))
    jq_util_input_set_parser(state, jv_parser_new(0), 0)
    jq_util_input_add_input(state, tmp.name.encode())
    cbs = [CB_ERR(on_error), CB_ERR(on_debug), CB_ERR(on_stderr)]
    keep.extend(cbs)
    jq_set_input_cb(jq, _next_input_cb, state)
    jq_set_error_cb(jq, cbs[0], None)
    jq_set_debug_cb(jq, cbs[1], None)
    jq_set_stderr_cb(jq, cbs[2], None)
    if library_paths is not None:
        paths = jv_array()
        for p in library_paths:
            paths = jv_array_append(paths, jv_string(p.encode()))
        jq_set_attr(jq, jv_string(b"JQ_LIBRARY_PATH"), paths)
    jq_set_attr(jq, jv_string(b"JQ_ORIGIN"), jv_string(os.getcwd().encode()))
    jq_set_attr(jq, jv_string(b"PROGRAM_ORIGIN"), jv_string(os.getcwd().encode()))
    if not jq_compile(jq, program.encode()):
        jq_teardown(ctypes.byref(jq))
        jq_util_input_free(ctypes.byref(state))
        os.unlink(tmp.name)
        return {"compile_errors": compile_errors or ["compile error"]}
    first = True
    try:
        while True:
            if null_input:
                if not first:
                    break
                value = jv_null()
            else:
                value = jq_util_input_next_input(state)
                if not jv_is_valid(value):
                    if jv_invalid_has_msg(jv_copy(value)):
                        events.append(("input-error", _message(jv_invalid_get_msg(value))))
                        continue
                    break
            first = False
            jq_start(jq, value, 0)
            while True:
                r = jq_next(jq)
                if jv_is_valid(r):
                    events.append(("out", _dump(r)))
                    continue
                if jq_halted(jq):
                    code = jq_get_exit_code(jq)
                    c = int(jv_number_value(code)) if jv_get_kind(code) == 4 else 0
                    jv_free(code)
                    m = jq_get_error_message(jq)
                    kind = jv_get_kind(m)
                    text = _text(m) if kind == JV_KIND_STRING else (None if kind in (0, 1) else _dump(m))
                    events.append(("halt", c, text))
                    jv_free(r)
                    return {"events": events}
                if jv_invalid_has_msg(jv_copy(r)):
                    events.append(("error", _message(jv_invalid_get_msg(r))))
                else:
                    jv_free(r)
                break
    finally:
        jq_teardown(ctypes.byref(jq))
        jq_util_input_free(ctypes.byref(state))
        os.unlink(tmp.name)
    return {"events": events}

def serve():
    """Reads one case per line on stdin, as in batch, and writes one result per line, so
    that a caller can keep one process and restart it if libjq aborts or hangs."""
    for line in sys.stdin:
        case = json.loads(line)
        result = run(case["program"], case.get("inputs", []), library_paths=case.get("library"),
                     null_input=case.get("null_input", False))
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def batch(path):
    """Runs every case of a JSON file `[{"program", "inputs", "null_input"?, "library"?}]`
    and prints one JSON line per case: its compile errors or events."""
    with open(path, encoding="utf-8") as f:
        cases = json.load(f)
    for case in cases:
        result = run(case["program"], case.get("inputs", []), library_paths=case.get("library"),
                     null_input=case.get("null_input", False))
        print(json.dumps(result, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve()
        sys.exit(0)
    if sys.argv[1:2] == ["--batch"]:
        batch(sys.argv[2])
        sys.exit(0)
    args = sys.argv[1:]
    lib = None
    if args and args[0].startswith("-L"):
        lib = args.pop(0)[2:].split(":")
    prog = args.pop(0)
    print(json.dumps(run(prog, args, library_paths=lib, null_input=not args), ensure_ascii=False))
