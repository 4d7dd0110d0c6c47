/// The Python side of the scan benchmark: each peer a user would pick answering each
/// question on the same log, timed inside Python (interpreter start, imports and DuckDB's
/// connection excluded), median of the runs asked for. Prints `seconds answer` or `skip reason`.
///
/// `python3 peers.py LOG PEER QUESTION RUNS`, PEER one of json, orjson, simdjson, jq,
/// duckdb; QUESTION one of summary, find, watch-deep, watch-container, whole-tree. The
/// answer (a count) lets the benchmark check that every peer found what replay found.
enum PeerScript {
  static let source = #"""
    import sys, time
    path, peer, question, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    try:
        if peer == "json": import json as codec
        elif peer == "orjson": import orjson as codec
        elif peer == "simdjson": import simdjson
        elif peer == "jq": import jq
        elif peer == "duckdb": import duckdb
    except ImportError as error:
        print("skip", f"{peer} is not installed (pip install {'pysimdjson' if peer == 'simdjson' else peer}): {error}")
        sys.exit(0)

    def lines():
        with open(path, "rb") as f:
            for line in f:
                yield line

    def name(action):
        return action if isinstance(action, str) else next(iter(action))

    def python_loop(loads, dumps=None):
        if question == "summary":
            counts = {}
            for line in lines():
                entry = loads(line)
                if "action" in entry:
                    k = name(entry["action"]); counts[k] = counts.get(k, 0) + 1
            return sum(counts.values())
        if question == "find":
            return sum(1 for line in lines() if "replaceTodo" in (loads(line).get("action") or {}))
        if question == "watch-deep":
            n = 0
            for line in lines():
                e = loads(line)
                if "action" not in e: continue
                def at(s):
                    try: return s["todos"][7]["isCompleted"]
                    except (KeyError, IndexError, TypeError): return None
                if at(e["prior"]) != at(e["next"]): n += 1
            return n
        if question == "watch-container":
            n = 0
            with open("/dev/null", "wb") as out:
                for line in lines():
                    e = loads(line)
                    if "action" not in e: continue
                    if e["prior"]["todos"] != e["next"]["todos"]:
                        out.write(dumps({"seq": e["seq"], "time": e.get("time"), "action": e["action"], "actionName": next(iter(e["action"])), "old": e["prior"]["todos"], "new": e["next"]["todos"]}))
                        n += 1
            return n
        if question == "whole-tree":
            return sum(1 for line in lines() if len(dumps(loads(line).get("next"))) < 0)

    def simd_loop():
        parser = simdjson.Parser()
        n = 0
        counts = {}
        for line in lines():
            doc = parser.parse(line)
            if question == "summary":
                if "action" in doc:
                    a = doc["action"]
                    k = a if isinstance(a, str) else next(iter(a.keys()))
                    counts[k] = counts.get(k, 0) + 1
                    del a
            elif question == "find":
                if "action" in doc and "replaceTodo" in doc["action"]: n += 1
            elif question == "watch-deep":
                if "action" in doc:
                    p = doc.at_pointer("/prior/todos/7/isCompleted")
                    q = doc.at_pointer("/next/todos/7/isCompleted")
                    if p != q: n += 1
            else:
                return None
            del doc
        return sum(counts.values()) if question == "summary" else n

    JQ = {
        "summary": 'select(.action) | .action | keys[0]',
        "find": 'select(.action) | select(.action | has("replaceTodo")) | .seq',
        "watch-deep": 'select(.action) | select(.prior.todos[7].isCompleted != .next.todos[7].isCompleted) | .seq',
        "watch-container": 'select(.action) | select(.prior.todos != .next.todos) | {seq, time, action, actionName: (.action | keys_unsorted[0]), old: .prior.todos, new: .next.todos}',
        "whole-tree": 'select(.action) | select((.next | tojson | length) < 0) | .seq',
    }

    def jq_loop():
        program = jq.compile(JQ[question])
        with open(path, "rb") as f:
            text = f.read().decode()
        out = program.input_text(text).all()
        return len(out)

    DUCK = {
        "summary": "select json_keys(json->'action')[1] as k, count(*) from read_ndjson_objects('{p}') where json_exists(json, '$.action') group by k",
        "find": "select count(*) from read_ndjson_objects('{p}') where json_exists(json, '$.action.replaceTodo')",
        "watch-deep": "select count(*) from read_ndjson_objects('{p}') where json_exists(json, '$.action') and (json->'$.prior.todos[7].isCompleted') is distinct from (json->'$.next.todos[7].isCompleted')",
        "watch-container": "copy (select json->'$.seq' as seq, json->>'$.time' as time, json->'$.action' as action, json_keys(json->'action')[1] as actionName, json->'$.prior.todos' as old, json->'$.next.todos' as new from read_ndjson_objects('{p}') where json_exists(json, '$.action') and (json->'$.prior.todos') != (json->'$.next.todos')) to '/dev/null' (format json)",
        "whole-tree": "select count(*) from read_ndjson_objects('{p}') where length(json_extract(json, '$.next')::varchar) < 0",
    }

    # One connection for every run, made before the timing: a script connects once, and
    # connecting (about 0.06 s) is no part of reading the log.
    connection = duckdb.connect() if peer == "duckdb" else None

    def duck_loop():
        result = connection.execute(DUCK[question].replace("{p}", path)).fetchall()
        if question == "summary": return sum(r[1] for r in result)
        return result[0][0] if result else 0

    def run():
        if peer == "json": return python_loop(codec.loads, lambda v: codec.dumps(v).encode())
        if peer == "orjson": return python_loop(codec.loads, codec.dumps)
        if peer == "simdjson": return simd_loop()
        if peer == "jq": return jq_loop()
        if peer == "duckdb": return duck_loop()

    times, answer = [], None
    for _ in range(runs):
        start = time.perf_counter()
        answer = run()
        times.append(time.perf_counter() - start)
        if answer is None:
            print("skip", f"{peer} has no way to answer {question} here")
            sys.exit(0)
    times.sort()
    print(times[len(times) // 2], answer)
    """#
}
