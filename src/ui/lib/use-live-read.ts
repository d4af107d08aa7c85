// A live database read that tells a failure apart from loading: dexie's useLiveQuery would throw a
// failed read into the render (no page left) or, for reads outside it, leave "Loading…" forever.
import { useLiveQuery } from "dexie-react-hooks";
import { describeError } from "../../core/text/describe-error";

export type LiveRead<T> = { state: "loading" } | { state: "loaded"; value: T } | { state: "error"; message: string };

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** `read` runs again whenever what it read changes in the database, and when `deps` change. */
export function useLiveRead<T>(read: () => Promise<T>, deps: unknown[]): LiveRead<T> {
  const outcome = useLiveQuery(async (): Promise<Outcome<T>> => {
    try {
      return { ok: true, value: await read() };
    } catch (error) {
      return { ok: false, message: describeError(error) };
    }
  }, deps);
  if (outcome === undefined) return { state: "loading" };
  return outcome.ok ? { state: "loaded", value: outcome.value } : { state: "error", message: outcome.message };
}
