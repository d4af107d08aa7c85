// Where the sandbox providers answer: Settings (where a `?sandbox=` link lands once the user accepts it,
// see sandbox-link.ts), then the URL `npm start` passes to the build, then the sandbox's default port.

import { readSavedSandboxUrl } from "./settings-storage";

export const DEFAULT_SANDBOX_URL = "http://127.0.0.1:8787";

export function resolveSandboxUrl(): string {
  return (readSavedSandboxUrl() || import.meta.env.VITE_SANDBOX_URL || DEFAULT_SANDBOX_URL).replace(/\/+$/, "");
}
