// What the dashboard's catalogue look-ups take: the page's fetch (read at each call, so a test's msw is the
// one used), the Hugging Face token from Settings, and the clock their read times are stamped with. The
// token goes no further than the look-ups' own rule allows (core/catalog: huggingface.co hosts over https).
import type { LookupOptions } from "../../core/catalog";
import { readHfToken } from "./settings-storage";

export function catalogLookupOptions(signal?: AbortSignal): LookupOptions {
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    accessToken: readHfToken() ?? undefined,
    now: () => new Date().toISOString(),
    signal,
  };
}
