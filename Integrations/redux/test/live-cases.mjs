// Scenarios of the Redux replay logger's live stream (options.connect) against a listener
// played by this script, one per name.
//
//   node live-cases.mjs REDUX_JS CASE
//
// Prints what the played listener received, one line per line, as "<connection N> LINE"
// (the hello's session id and pid as "…"), then observations as lines starting with "# ".
// The Swift test ReduxLiveTests compares them with the exact expected text.

import net from "node:net";
import { pathToFileURL } from "node:url";
import { replayLogger } from "../replay-logger.mjs";

const [reduxPath, name] = process.argv.slice(2);
const redux = await import(pathToFileURL(reduxPath).href);
const { applyMiddleware, createStore } = redux.createStore ? redux : redux.default;

function steppingClock() {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0, 0);
  return () => {
    now += 1000;
    return now;
  };
}

const counter = (state = { count: 0 }, action) =>
  action.type === "counter/incremented" ? { count: state.count + 1 } : state;
const increment = { type: "counter/incremented" };
const note = (text) => process.stdout.write(`# ${text}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, condition, ms = 10000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

// A listener that answers each hello with `answer(connection)` and records every line.
async function playListener(answer, port = 0) {
  const received = [];
  const sockets = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    sockets.push(socket);
    let pending = "";
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      pending += chunk.toString("utf8");
      let newline;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        received.push({ connection, line });
        if (line.startsWith('{"hello":')) {
          const reply = answer(connection, socket);
          if (reply !== null) socket.write(reply + "\n");
        }
      }
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: server.address().port,
    received,
    lines: (connection) => received.filter((r) => r.connection === connection).map((r) => r.line),
    dropAll: () => sockets.splice(0).forEach((s) => s.destroy()),
    close: () =>
      new Promise((resolve) => {
        sockets.splice(0).forEach((s) => s.destroy());
        server.close(resolve);
      }),
  };
}

function show(received) {
  for (const { connection, line } of received) {
    const shown = line
      .replace(/"session":"[^"]*"/, '"session":"…"')
      .replace(/"pid":\d+/, '"pid":"…"')
      .replace(/"device":"[^"]*"/, '"device":"…"');
    process.stdout.write(`<${connection}> ${shown}\n`);
  }
}

function liveStore(port, options = {}) {
  const logger = replayLogger({
    connect: `127.0.0.1:${port}`,
    app: "Counter",
    clock: steppingClock(),
    ...options,
  });
  return { logger, store: createStore(counter, applyMiddleware(logger)) };
}

const welcome = (lastSeq) => JSON.stringify({ welcome: "replay", protocol: 1, lastSeq, idle: 60 });

const cases = {
  // The listener drops the connection after entry 3; on the second it says it has up to 2:
  // entry 3 comes again, then what was dispatched meanwhile.
  async resume() {
    const listener = await playListener((connection) => welcome(connection === 1 ? null : 2));
    const { logger, store } = liveStore(listener.port);
    for (let i = 0; i < 3; i++) store.dispatch(increment);
    await until("entry 3", () => listener.lines(1).some((l) => l.startsWith('{"seq":3,')));
    listener.dropAll();
    await until("the drop", () => logger.connection.state === "disconnected");
    note(`connection: ${JSON.stringify(logger.connection)}`);
    store.dispatch(increment);
    await until("entry 4", () => listener.lines(2).some((l) => l.startsWith('{"seq":4,')));
    note(`connection: ${JSON.stringify(logger.connection)}`);
    logger.close();
    await listener.close();
    show(listener.received);
  },

  // No listener while 20 actions are dispatched into a 600-byte buffer; then one comes.
  async buffer() {
    const probe = await playListener(() => null);
    const port = probe.port;
    await probe.close();
    const { logger, store } = liveStore(port, { bufferLimit: 600 });
    for (let i = 0; i < 20; i++) store.dispatch(increment);
    await until("a failed attempt", () => logger.connection.state === "disconnected");
    note(`connection: ${JSON.stringify(logger.connection).replace(`:${port}`, ":PORT")}`);
    const listener = await playListener(() => welcome(null), port);
    await until("entry 20", () => listener.lines(1).some((l) => l.startsWith('{"seq":20,')), 15000);
    logger.close();
    await listener.close();
    show(listener.received);
  },

  async refused() {
    const listener = await playListener(() => JSON.stringify({ refused: "the token is wrong" }));
    const { logger, store } = liveStore(listener.port, { token: "guess" });
    store.dispatch(increment);
    await until("the refusal", () => logger.connection.state === "refused");
    note(`connection: ${JSON.stringify(logger.connection)}`);
    logger.close();
    await listener.close();
    show(listener.received);
  },

  async commands() {
    const listener = await playListener((connection, socket) => {
      setTimeout(() => socket.write('{"command":"goto","id":1,"seq":1}\nnot json\n'), 50);
      return welcome(null);
    });
    const { logger, store } = liveStore(listener.port);
    store.dispatch(increment);
    await until("the reply", () => listener.received.some((r) => r.line.startsWith('{"reply"')));
    note(`state: ${JSON.stringify(store.getState())}`);
    logger.close();
    await listener.close();
    show(listener.received);
  },

  // Nobody listens and the app never closes the logger: Node still ends by itself.
  async absent() {
    const probe = await playListener(() => null);
    const port = probe.port;
    await probe.close();
    const { logger, store } = liveStore(port);
    store.dispatch(increment);
    await until("a failed attempt", () => logger.connection.state === "disconnected");
    note(`connection: ${JSON.stringify(logger.connection).replace(`:${port}`, ":PORT")}`);
    note(`state: ${JSON.stringify(store.getState())}`);
    process.on("exit", () => process.stdout.write("# exited on its own\n"));
  },

  "invalid-options"() {
    const attempts = [
      { connect: "localhost" },
      { connect: "127.0.0.1:0" },
      { connect: "::1:9000" },
      { connect: "127.0.0.1:9000", token: 7 },
      { connect: "127.0.0.1:9000", bufferLimit: 0 },
    ];
    for (const options of attempts) {
      try {
        replayLogger(options);
        note("accepted");
      } catch (error) {
        note(`${error.constructor.name}: ${error.message}`);
      }
    }
  },
};

if (!(name in cases)) {
  console.error(`unknown case '${name}'; cases: ${Object.keys(cases).join(", ")}`);
  process.exit(2);
}
await cases[name]();
