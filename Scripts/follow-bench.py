#!/usr/bin/env python3
"""What following a live log costs: `replay --follow` beside `tail -f` (bytes only) and
`tail -f | jq` (parsing each line) in the same run.

Usage: Scripts/follow-bench.py [REPLAY] (default .build/release/replay)

- idle: processor time and wake-ups (context switches of every thread) of a follower
  left alone for 10 s;
- latency: from an entry appended to the log to its line on the follower's stdout,
  200 entries one at a time (the next appended once the last was printed);
- burst: 10,000 entries appended in one write, until the last is printed.
Wall-clock figures for docs/benchmarks.md; no test asserts them.
"""
import os, select, statistics, subprocess, sys, tempfile, time

REPLAY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/replay"
FIXTURE = "Fixtures/todo-session.jsonl"


def entry(seq):
    return ('{"seq":%d,"action":{"increment":{}},"prior":{"count":%d},"next":{"count":%d}}\n'
            % (seq, seq - 1, seq)).encode()


class Follower:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""

    def wait_for(self, needle):
        while needle not in self.buffer:
            select.select([self.p.stdout], [], [], 60)
            chunk = os.read(self.p.stdout.fileno(), 1 << 20)
            if not chunk:
                raise SystemExit("follower ended early")
            self.buffer += chunk
        self.buffer = self.buffer[self.buffer.index(needle) + len(needle):]

    def ticks_and_switches(self):
        pid = self.p.pid
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        switches = 0
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/status" % (pid, task)) as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt", "nonvoluntary_ctxt")):
                        switches += int(line.split()[1])
        return ticks, switches

    def stop(self):
        self.p.terminate()
        self.p.wait()


def run(name, argv_for, ready):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "live.jsonl")
    with open(path, "wb") as f:
        f.write(entry(1))
    follower = Follower(argv_for(path))
    follower.wait_for(ready)
    time.sleep(0.5)
    t0, s0 = follower.ticks_and_switches()
    time.sleep(10)
    t1, s1 = follower.ticks_and_switches()
    latencies = []
    with open(path, "ab", buffering=0) as log:
        for seq in range(2, 202):
            start = time.perf_counter()
            log.write(entry(seq))
            follower.wait_for(b"entry %d " % seq if name.startswith("replay") else b'"seq":%d,' % seq)
            latencies.append((time.perf_counter() - start) * 1000)
        burst = b"".join(entry(seq) for seq in range(202, 10202))
        start = time.perf_counter()
        log.write(burst)
        follower.wait_for(b"entry 10201 " if name.startswith("replay") else b'"seq":10201,')
        burst_time = time.perf_counter() - start
    follower.stop()
    latencies.sort()
    print("%-16s idle 10 s: %d ticks, %d wake-ups; latency median %.2f ms, p99 %.2f ms; "
          "burst of 10,000 entries: %.3f s"
          % (name, t1 - t0, s1 - s0, statistics.median(latencies),
             latencies[int(len(latencies) * 0.99) - 1], burst_time))


run("replay --follow", lambda path: [REPLAY, path, "--follow"], b"(Ctrl-C stops)\n")
run("tail -f", lambda path: ["tail", "-n", "1", "-f", path], b'"seq":1,')
run("tail -f | jq", lambda path: ["sh", "-c", "tail -n 1 -f '%s' | jq --unbuffered -c '{seq, action}'" % path],
    b'"seq":1,')
