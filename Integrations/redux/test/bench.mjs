// What recording costs a Redux app: time per dispatch without a logger, with a
// JSON.stringify line writer (the log-format doc's TypeScript example, the peer),
// and with replayLogger, to memory (also with `trace` and `causes`) and to a file.
//
//   node bench.mjs REDUX_JS [DISPATCHES]
//
// State: 100 to-do items; each action toggles one. Rounds alternate the order of the
// configurations and their samples are pooled, as in record-bench. A second table
// gives each item a Date, which JSON.stringify writes as a string and replayLogger as
// {"$type":"Date",…} through its general encoder.

import { mkdtempSync, openSync, closeSync, writeSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { replayLogger, toLogJSON } from "../replay-logger.mjs";

const [reduxPath, countArg] = process.argv.slice(2);
const redux = await import(pathToFileURL(reduxPath).href);
const { applyMiddleware, createStore } = redux.createStore ? redux : redux.default;
const dispatches = Number(countArg ?? 2000);
const rounds = 10;
const dir = mkdtempSync(join(tmpdir(), "replay-logger-bench-"));

const makeState = (withDates) => ({
  filter: "all",
  isLoading: false,
  todos: Array.from({ length: 100 }, (_, i) => ({
    id: `todo-${String(i + 1).padStart(3, "0")}`,
    title: `Task number ${i + 1} with a longer title`,
    isCompleted: i % 3 === 0,
    ...(withDates ? { createdAt: new Date(Date.UTC(2026, 0, 5, 9, 0, i)) } : {}),
  })),
});
let initial;
function reducer(state = initial, action) {
  if (action.type !== "todos/toggled") return state;
  return {
    ...state,
    todos: state.todos.map((todo) =>
      todo.id === action.payload.id ? { ...todo, isCompleted: !todo.isCompleted } : todo,
    ),
  };
}

// The peer: JSON.stringify of the whole entry per dispatch, one write per line.
function stringifyLogger(write) {
  let seq = 0;
  return (store) => (next) => (action) => {
    const prior = store.getState();
    const result = next(action);
    seq += 1;
    const time = new Date().toISOString();
    const line = JSON.stringify({ seq, time, action, prior, next: store.getState() });
    write(`${line}\n`);
    return result;
  };
}

let bytes = 0;
const memorySink = (line) => {
  bytes += line.length;
};
const configurations = {
  "no logger": () => ({ middleware: [], done() {} }),
  "JSON.stringify, memory": () => ({ middleware: [stringifyLogger(memorySink)], done() {} }),
  "replayLogger, memory": () => ({ middleware: [replayLogger({ write: memorySink })], done() {} }),
  "replayLogger, memory, trace": () => ({
    middleware: [replayLogger({ write: memorySink, trace: true })],
    done() {},
  }),
  "replayLogger, memory, causes": () => ({
    middleware: [replayLogger({ write: memorySink, causes: true })],
    done() {},
  }),
  "JSON.stringify, file": () => {
    const fd = openSync(join(dir, "peer.jsonl"), "w");
    const logger = stringifyLogger((line) => writeSync(fd, line));
    return { middleware: [logger], done: () => closeSync(fd) };
  },
  "replayLogger, file": () => {
    const logger = replayLogger({ path: join(dir, "replay.jsonl") });
    return { middleware: [logger], done: () => logger.close() };
  },
};

const names = Object.keys(configurations);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.log(`node ${process.version}, ${dispatches} dispatches × ${rounds} rounds, 100 to-dos`);
for (const withDates of [false, true]) {
  initial = makeState(withDates);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const { middleware, done } = configurations[name]();
      const store = createStore(reducer, applyMiddleware(...middleware));
      for (let i = 0; i < dispatches; i++) {
        const id = `todo-${String((i % 100) + 1).padStart(3, "0")}`;
        const action = { type: "todos/toggled", payload: { id } };
        const start = process.hrtime.bigint();
        store.dispatch(action);
        samples[name].push(Number(process.hrtime.bigint() - start) / 1000);
      }
      done();
    }
  }
  console.log(withDates ? "\nstate with a Date per item" : "\nplain state");
  console.log("| configuration | median | p90 | p99 |");
  console.log("|---|---|---|---|");
  for (const name of names) {
    const sorted = samples[name].sort((a, b) => a - b);
    const cell = (p) => `${percentile(sorted, p).toFixed(1)} µs`;
    console.log(`| ${name} | ${cell(0.5)} | ${cell(0.9)} | ${cell(0.99)} |`);
  }
  const replayBytes = statSync(join(dir, "replay.jsonl")).size;
  const peerBytes = statSync(join(dir, "peer.jsonl")).size;
  console.log(
    `bytes per entry: replayLogger ${Math.round(replayBytes / dispatches)}, ` +
      `JSON.stringify ${Math.round(peerBytes / dispatches)}`,
  );
}

// What `trace` costs alone: a one-number state, so that encoding costs little, with and
// without `trace`, rounds alternating; the difference of the medians is the stack
// capture and the search for the site.
{
  const tiny = (state = { n: 0 }, action) => (action.type === "inc" ? { n: state.n + 1 } : state);
  const samples = { without: [], with: [] };
  for (let round = 0; round < rounds; round++) {
    for (const traced of round % 2 === 0 ? [false, true] : [true, false]) {
      const logger = replayLogger({ write: memorySink, trace: traced });
      const store = createStore(tiny, applyMiddleware(logger));
      for (let i = 0; i < dispatches; i++) {
        const start = process.hrtime.bigint();
        store.dispatch({ type: "inc" });
        samples[traced ? "with" : "without"].push(Number(process.hrtime.bigint() - start) / 1000);
      }
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [without, traced] = [median(samples.without), median(samples.with)];
  console.log(
    `\ntrace alone (state {n}): median ${without.toFixed(2)} µs without, ` +
      `${traced.toFixed(2)} µs with trace: +${(traced - without).toFixed(2)} µs per dispatch`,
  );
}

// Encoding one plain state, without Redux: the engine's JSON.stringify, toLogJSON's fast
// path (a walk, then JSON.stringify), and its general encoder (taken here because of one
// extra member holding undefined).
const plain = makeState(false);
const forced = { ...plain, extra: undefined };
const encoders = {
  "JSON.stringify": () => JSON.stringify(plain),
  "toLogJSON, plain data": () => toLogJSON(plain),
  "toLogJSON, general encoder": () => toLogJSON(forced),
};
console.log("\nencoding the plain state alone (median of 20 batches of 500)");
console.log("| encoder | median |");
console.log("|---|---|");
for (const [name, run] of Object.entries(encoders)) {
  for (let i = 0; i < 500; i++) run();
  const batches = [];
  for (let batch = 0; batch < 20; batch++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 500; i++) run();
    batches.push(Number(process.hrtime.bigint() - start) / 500 / 1000);
  }
  batches.sort((a, b) => a - b);
  console.log(`| ${name} | ${batches[10].toFixed(1)} µs |`);
}
rmSync(dir, { recursive: true, force: true });
