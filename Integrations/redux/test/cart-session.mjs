// Records a scripted shopping-cart session of a real Redux store into a replay log.
//
//   node cart-session.mjs REDUX_JS LOG
//
// REDUX_JS is Redux's self-contained build (Debian: /usr/share/nodejs/redux/dist/redux.js).
// The cart reducer has a planted bug: removing a line subtracts one unit's price from
// the total, whatever the quantity. Only the first removal of a line holding more than
// one unit breaks the invariant, which the bisect predicate checks:
//
//   replay LOG --bisect --predicate '.cart.total != ([.cart.items[] | .price * .qty] | add // 0)'

import { pathToFileURL } from "node:url";
import { replayLogger } from "../replay-logger.mjs";

const [reduxPath, logPath] = process.argv.slice(2);
if (!reduxPath || !logPath) {
  console.error("usage: node cart-session.mjs REDUX_JS LOG");
  process.exit(2);
}
const redux = await import(pathToFileURL(reduxPath).href);
const { applyMiddleware, combineReducers, createStore } = redux.createStore ? redux : redux.default;

const catalog = {
  tea: { sku: "tea", name: "Green tea", price: 450 },
  mug: { sku: "mug", name: "Stoneware mug", price: 1200 },
  pot: { sku: "pot", name: "Teapot", price: 3400 },
  honey: { sku: "honey", name: "Heather honey", price: 780 },
  spoon: { sku: "spoon", name: "Measuring spoon", price: 250 },
};

function cart(state = { items: [], total: 0, coupon: null }, action) {
  switch (action.type) {
    case "cart/itemAdded": {
      const { sku, name, price } = action.payload;
      const existing = state.items.find((item) => item.sku === sku);
      const items = existing
        ? state.items.map((item) => (item.sku === sku ? { ...item, qty: item.qty + 1 } : item))
        : [...state.items, { sku, name, price, qty: 1 }];
      return { ...state, items, total: state.total + price };
    }
    case "cart/quantityChanged": {
      const { sku, qty } = action.payload;
      const line = state.items.find((item) => item.sku === sku);
      if (!line || qty < 1) return state;
      const items = state.items.map((item) => (item.sku === sku ? { ...item, qty } : item));
      return { ...state, items, total: state.total + (qty - line.qty) * line.price };
    }
    case "cart/itemRemoved": {
      const line = state.items.find((item) => item.sku === action.payload.sku);
      if (!line) return state;
      const items = state.items.filter((item) => item !== line);
      // The planted bug: should subtract line.price * line.qty.
      return { ...state, items, total: state.total - line.price };
    }
    case "cart/couponApplied":
      return { ...state, coupon: action.payload.code };
    case "cart/cleared":
      return { ...state, items: [], total: 0, coupon: null };
    default:
      return state;
  }
}

function session(state = { user: null, token: null }, action) {
  switch (action.type) {
    case "session/loggedIn":
      return { user: action.payload.user, token: action.payload.token };
    case "session/loggedOut":
      return { user: null, token: null };
    default:
      return state;
  }
}

const add = (sku) => ({ type: "cart/itemAdded", payload: catalog[sku] });
const setQty = (sku, qty) => ({ type: "cart/quantityChanged", payload: { sku, qty } });
const remove = (sku) => ({ type: "cart/itemRemoved", payload: { sku } });

// [seconds since the previous action, action]
const script = [
  [3.2, { type: "session/loggedIn", payload: { user: "ada", token: "tok-8c1f2e" } }],
  [4.1, add("tea")],
  [2.6, add("mug")],
  [1.9, add("tea")],
  [6.3, remove("mug")],
  [2.2, add("honey")],
  [5.0, setQty("tea", 3)],
  [3.7, { type: "cart/couponApplied", payload: { code: "SPRING10" } }],
  [8.4, { type: "cart/cleared" }],
  [2.9, add("pot")],
  [1.4, add("spoon")],
  [3.3, remove("spoon")],
  [2.0, add("mug")],
  [4.8, setQty("mug", 2)],
  [2.5, add("tea")],
  [1.1, add("honey")],
  [6.6, setQty("mug", 4)],
  [3.0, remove("honey")],
  [5.2, remove("mug")],
  [2.7, add("spoon")],
  [1.8, setQty("tea", 2)],
  [4.4, add("honey")],
  [3.9, remove("pot")],
  [2.3, { type: "session/loggedOut" }],
];

let now = Date.UTC(2026, 0, 5, 10, 0, 0, 0);
const logger = replayLogger({
  path: logPath,
  app: "CartApp",
  clock: () => now,
  redact: { state: ["/session/token"], action: ["/payload/token"] },
});
const store = createStore(combineReducers({ cart, session }), applyMiddleware(logger));
for (const [delay, action] of script) {
  now += Math.round(delay * 1000);
  store.dispatch(action);
}
logger.close();
if (logger.error) process.exit(1);
