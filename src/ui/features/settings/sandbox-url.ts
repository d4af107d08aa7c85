// Where the sandbox providers answer: a `?sandbox=` link (remembered), then Settings, then the URL
// `npm start` passes to the build, then the sandbox's default port.

import { readSavedSandboxUrl, saveSandboxUrl } from "./settings-storage";

export const DEFAULT_SANDBOX_URL = "http://127.0.0.1:8787";

/**
 * Takes `?sandbox=<url>` off the page address into Settings, so a shared link sets the sandbox once
 * and a later change in Settings is not undone by reloading that link.
 */
export function adoptSandboxUrlFromAddress(location: Location, history: History): void {
  const params = new URLSearchParams(location.search);
  const fromAddress = params.get("sandbox");
  if (!fromAddress) return;
  saveSandboxUrl(fromAddress);
  params.delete("sandbox");
  const search = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
}

export function resolveSandboxUrl(): string {
  return (readSavedSandboxUrl() || import.meta.env.VITE_SANDBOX_URL || DEFAULT_SANDBOX_URL).replace(/\/+$/, "");
}
