// redux-thunk, in full, in a file of its own: provenance.mjs tells the logger's trace to
// skip it, as it skips libraries under node_modules/.
export const thunk =
  ({ dispatch, getState }) =>
  (next) =>
  (action) =>
    typeof action === "function" ? action(dispatch, getState) : next(action);
