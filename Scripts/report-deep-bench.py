#!/usr/bin/env python3
"""Times the HTML report on states nested deep, in headless Chromium (Selenium):

    Scripts/report-deep-bench.py REPLAY_BINARY DEPTH...

For each DEPTH, writes a log of 3 entries whose states are
{"label": "vK", "deep": {"a": {"a": … {"leaf": K}}}} (DEPTH objects under "deep", as the
tests' DeepStateLog), writes its report with REPLAY_BINARY, opens it at its first entry
and reads the page's own performance marks: navigation to the first entry shown
(`replay-first-entry`), that selection (`replay-select`, of which `replay-tree` is the
state pane), and a search for the leaf with Enter, to the next frame. A page that is not
ready within 60 s, or that logs an error, is reported as such. Prints a Markdown table
for docs/benchmarks.md. Nothing here is a test.
"""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Report"))
from report_checks import browser  # noqa: E402


def deep_log(depth):
    def state(leaf):
        return ('{"label":"v%d","deep":' % leaf + '{"a":' * (depth - 1) + '{"leaf":%d}' % leaf
                + "}" * (depth - 1) + "}")
    lines = ['{"format":"replay-log","version":1,"app":"Deep"}']
    for k in range(1, 4):
        lines.append('{"seq":%d,"time":"2026-01-05T10:00:0%d.000Z","action":{"type":"setLeaf","value":%d},'
                     '"prior":%s,"next":%s}' % (k, k, k, state(k - 1), state(k)))
    return "\n".join(lines) + "\n"


SEARCH = """
const done = arguments[arguments.length - 1];
const field = document.getElementById('state-search');
if (!field) { done(null); return; }
const t = performance.now();
field.value = 'leaf';
field.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0));
"""


def measure(driver, path):
    driver.get("about:blank")
    start = time.time()
    try:
        driver.get("file://" + path + "#seq=1")
    except Exception:
        return {"outcome": "no page within 60 s"}
    while time.time() - start < 60:
        try:
            if driver.execute_script("return document.body.dataset.ready === 'true'"):
                break
        except Exception:
            pass
        time.sleep(0.05)
    errors = [e["message"].split(" ", 2)[-1][:80] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    ready = driver.execute_script("return document.body.dataset.ready === 'true'")
    if not ready:
        return {"outcome": errors[0] if errors else "not ready within 60 s"}
    marks = driver.execute_script(
        "const m = (n) => performance.getEntriesByName(n).map((e) => e.duration);"
        "return {first: performance.getEntriesByName('replay-first-entry')[0].startTime,"
        " select: m('replay-select'), tree: m('replay-tree')}")
    driver.set_script_timeout(60)
    search = driver.execute_async_script(SEARCH)
    return {"outcome": "; ".join(errors) or "ok", "first": marks["first"], "select": marks["select"][0],
            "tree": (marks["tree"] or [None])[0], "search": search}


def main():
    replay = sys.argv[1]
    depths = [int(d) for d in sys.argv[2:]]
    ms = lambda v: "—" if v is None else f"{v:,.0f} ms"
    print("| depth | outcome | open to first entry | select | of which the tree | search + go to the leaf |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for depth in depths:
            log = os.path.join(folder, f"deep{depth}.jsonl")
            with open(log, "w") as f:
                f.write(deep_log(depth))
            report = os.path.join(folder, f"deep{depth}.html")
            subprocess.run([replay, log, "--html", report], stdout=subprocess.DEVNULL, check=True)
            # A browser per report: a page that hangs its renderer takes the session with it.
            driver = browser()
            driver.set_page_load_timeout(60)
            try:
                m = measure(driver, report)
            finally:
                try:
                    driver.quit()
                except Exception:
                    pass
            print(f"| {depth:,} | {m['outcome']} | {ms(m.get('first'))} | {ms(m.get('select'))} | "
                  f"{ms(m.get('tree'))} | {ms(m.get('search'))} |", flush=True)


if __name__ == "__main__":
    main()
