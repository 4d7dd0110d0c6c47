#!/usr/bin/env python3
"""Measures `replay LOG --html` on a log, beside its yardsticks, in one run:

    Scripts/report-bench.py LOG [REPLAY_BINARY]

- the report's size against the log's;
- the time to write it against `replay LOG` (the summary) plus one pass of JSON parsing
  (Python's json.loads on every line), with peak RSS (/usr/bin/time);
- in headless Chromium (Selenium), the time from navigation to the first entry shown
  (the page's `replay-first-entry` performance mark), and the time to step to an entry:
  from the key press or the URL change to the next frame, read with performance.now().

Prints a Markdown table for docs/benchmarks.md. Nothing here is a test.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Report"))
from report_checks import browser, open_report  # noqa: E402


def timed(command):
    """Wall seconds and peak RSS (MB) of a command, from GNU time."""
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as report:
        start = time.perf_counter()
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + command,
                       stdout=subprocess.DEVNULL, check=True)
        seconds = time.perf_counter() - start
        return seconds, int(report.read().strip().splitlines()[-1]) / 1024


def json_loads_pass(log):
    start = time.perf_counter()
    with open(log, "rb") as lines:
        for line in lines:
            if line.strip():
                json.loads(line)
    return time.perf_counter() - start


STEP = """
const done = arguments[arguments.length - 1];
const kind = arguments[0], value = arguments[1];
const t = performance.now();
if (kind === 'hash') location.hash = value;
else document.dispatchEvent(new KeyboardEvent('keydown', {key: value, bubbles: true}));
requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0));
"""


def browser_timings(report, seqs, runs=3):
    opens = []
    jumps = []
    steps = []
    driver = browser()
    try:
        for _ in range(runs):
            driver.get("about:blank")
            open_report(driver, report)
            opens.append(driver.execute_script(
                "return performance.getEntriesByName('replay-first-entry')[0].startTime"))
        rng = random.Random(7)
        for seq in rng.sample(seqs, min(40, len(seqs))):
            jumps.append(driver.execute_async_script(STEP, "hash", f"#seq={seq}"))
        for _ in range(60):
            steps.append(driver.execute_async_script(STEP, "key", "ArrowRight"))
    finally:
        driver.quit()
    return opens, jumps, steps


def main():
    log = sys.argv[1]
    replay = sys.argv[2] if len(sys.argv) > 2 else ".build/release/replay"
    out = tempfile.mkdtemp(prefix="replay-report-bench-")
    report = os.path.join(out, "report.html")
    log_mb = os.path.getsize(log) / 1e6
    summary_s, summary_rss = timed([replay, log])
    parse_s = json_loads_pass(log)
    html_s, html_rss = timed([replay, log, "--html", report])
    report_mb = os.path.getsize(report) / 1e6
    summary = json.loads(subprocess.run([replay, log, "--format", "json"], capture_output=True,
                                        text=True, check=True).stdout)
    # The generated logs number entries 1…n, as recorders do.
    seqs = list(range(1, summary["entries"] + 1))
    opens, jumps, steps = browser_timings(report, seqs)
    median = statistics.median
    p95 = lambda xs: sorted(xs)[max(0, int(len(xs) * 0.95) - 1)]  # noqa: E731
    rows = [
        ("log", f"{log_mb:.0f} MB, {len(seqs)} entries", ""),
        ("report size", f"{report_mb:.1f} MB ({100 * report_mb / log_mb:.1f}% of the log)", "≤ 5%"),
        ("`replay LOG --html`", f"{html_s:.2f} s, peak RSS {html_rss:.0f} MB", ""),
        ("`replay LOG` (summary)", f"{summary_s:.2f} s, peak RSS {summary_rss:.0f} MB", ""),
        ("one pass of JSON parsing (Python json.loads per line)", f"{parse_s:.2f} s", ""),
        ("writing vs summary + one parse", f"{html_s:.2f} s vs {summary_s + parse_s:.2f} s",
         "≤ summary + one parse"),
        ("open to first entry shown (Chromium, 3 loads)",
         f"min {min(opens):.0f} ms, median {median(opens):.0f} ms, max {max(opens):.0f} ms", "< 2 s"),
        ("jump to a random entry (URL fragment, 40 jumps)",
         f"min {min(jumps):.1f} ms, median {median(jumps):.1f} ms, p95 {p95(jumps):.1f} ms", "< 50 ms"),
        ("step to the next entry (→, 60 steps)",
         f"min {min(steps):.1f} ms, median {median(steps):.1f} ms, p95 {p95(steps):.1f} ms", "< 50 ms"),
    ]
    print(f"load average during the run: {os.getloadavg()[0]:.1f} (2 cores)\n")
    print("| measure | figure | goal |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    os.remove(report)
    os.rmdir(out)


if __name__ == "__main__":
    main()
