// Debian's Chromium and how it is launched: one definition for the browser tests and the browser benchmarks.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Flags for Debian's Chromium run headless as root on a small machine (no sandbox, no GPU, no background
 * traffic to share the network with measured requests), plus a resolver rule that makes every `*.invalid`
 * host fail to resolve inside Chromium, so the unresolvable-host case sends no DNS query.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP *.invalid ~NOTFOUND",
];

export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium package (apt-get install chromium; .ci/run does this)`);
  }
}
