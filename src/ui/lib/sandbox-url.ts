// Where the sandbox providers answer: Settings (where a `?sandbox=` link lands once the user accepts it,
// see features/settings/sandbox-link.ts), then the URL `npm start` passes to the build, then the sandbox's default port.

import { DEFAULT_SANDBOX_URL } from "../../core/run/sandbox-health";
import { readSavedSandboxUrl } from "./settings-storage";

export { DEFAULT_SANDBOX_URL };

export function resolveSandboxUrl(): string {
  return (readSavedSandboxUrl() || import.meta.env.VITE_SANDBOX_URL || DEFAULT_SANDBOX_URL).replace(/\/+$/, "");
}
