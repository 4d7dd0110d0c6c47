// A Redux app streaming to a real listener (`replay --listen`, or ReplayLive in a test):
//
//   node live.mjs REDUX_JS HOST:PORT [TOKEN]
//
// Dispatches five actions of a cart (two before the connection is up, three after),
// closes the logger, and prints the connection's state as "# connection: …".

import { pathToFileURL } from "node:url";
import { replayLogger } from "../replay-logger.mjs";

const [reduxPath, address, token] = process.argv.slice(2);
const redux = await import(pathToFileURL(reduxPath).href);
const { applyMiddleware, createStore } = redux.createStore ? redux : redux.default;

let now = Date.UTC(2026, 0, 5, 9, 0, 0, 0);
const logger = replayLogger({
  connect: address,
  ...(token === undefined ? {} : { token }),
  app: "Cart",
  clock: () => (now += 1000),
});
const cart = (state = { items: [], total: 0 }, action) => {
  switch (action.type) {
    case "cart/added":
      return { items: [...state.items, action.item], total: state.total + action.item.price };
    case "cart/cleared":
      return { items: [], total: 0 };
    default:
      return state;
  }
};
const store = createStore(cart, applyMiddleware(logger));
store.dispatch({ type: "cart/added", item: { id: 1, price: 5 } });
store.dispatch({ type: "cart/added", item: { id: 2, price: 7 } });
const deadline = Date.now() + 10000;
while (logger.connection.state === "connecting" && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
store.dispatch({ type: "cart/added", item: { id: 3, price: 1 } });
store.dispatch({ type: "cart/cleared" });
store.dispatch({ type: "cart/added", item: { id: 4, price: 2 } });
process.stdout.write(`# connection: ${JSON.stringify(logger.connection)}\n`);
logger.close();
