#!/usr/bin/env python3
"""Writes a large log with dispatch sites, causes and effect records, for timing
`replay --why`, `--effects` and `--blame` (docs/benchmarks.md, "Where actions came from").

    Scripts/provenance-log.py OUT.jsonl [ENTRIES]      # 21,000 entries: about 444 MB

Each entry is a toggle of a 60-item to-do state (about 21 KB with prior and next), from one
of four sites; every tenth entry was sent by an effect started after the entry before it,
and the last 51 entries form one chain of causes (entry N sent by the effect that entry
N - 1 started), so `--why` on the last entry follows 52 links. Deterministic.
"""
import json
import sys

path = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 21000
todos = [{"id": "todo-%04d" % i, "isCompleted": False, "title": "Task number %d " % i + "x" * 110}
         for i in range(60)]
state = {"filter": "all", "isLoading": False, "todos": todos}
sites = [("App/TodoListView.swift", 42, "body"), ("App/TodoRow.swift", 17, "toggle()"),
         ("App/TodoReducer.swift", 88, "reduce(into:action:)"), ("App/SyncEffect.swift", 31, "run()")]
start_site = '"site":{"file":"App/TodoReducer.swift","line":90,"function":"reduce(into:action:)"}'
chain_start = count - 50
run = 0


def compact(value):
    return json.dumps(value, separators=(",", ":"))


with open(path, "w") as out:
    out.write(compact({"format": "replay-log", "version": 1, "app": "Bench"}) + "\n")
    for seq in range(1, count + 1):
        prior = compact(state)
        item = seq % 60
        state["todos"][item]["isCompleted"] = not state["todos"][item]["isCompleted"]
        if seq % 7 == 0:
            state["todos"][0]["title"] = "Renamed %d " % seq + "y" * 100
        line = '{"seq":%d,"action":{"toggle":{"id":"todo-%04d"}}' % (seq, item)
        if seq > chain_start or seq % 10 == 0:
            line += ',"origin":{"cause":%d,"effect":"sync","id":%d}' % (seq - 1, run)
        line += ',"site":{"file":"%s","line":%d,"function":"%s"}' % sites[seq % 4]
        out.write(line + ',"prior":' + prior + ',"next":' + compact(state) + "}\n")
        if seq % 10 == 9 or seq >= chain_start:
            run += 1
            out.write('{"effect":"start","id":%d,"name":"sync","cause":%d,%s}\n' % (run, seq, start_site))
        elif seq % 10 == 1 and run > 0:
            out.write('{"effect":"end","id":%d,"outcome":"completed"}\n' % run)
