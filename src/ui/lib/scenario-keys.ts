// How the UI names a scenario in addresses, run rows and cards: `bundled:<file>` for one shipped with the
// app, `saved:<id>` for one in this browser's database. The Scenarios page, the editor, the Run page and
// the app shell all read these keys, so the rule lives here once.

export const BUNDLED_KEY_PREFIX = "bundled:";
export const SAVED_KEY_PREFIX = "saved:";

export function savedScenarioKey(id: string): string {
  return `${SAVED_KEY_PREFIX}${id}`;
}

/** The saved scenario's id in `key`, or null when the key names another kind of scenario. */
export function savedScenarioId(key: string | null): string | null {
  return key?.startsWith(SAVED_KEY_PREFIX) ? key.slice(SAVED_KEY_PREFIX.length) : null;
}
