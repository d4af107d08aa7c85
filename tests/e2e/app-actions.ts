// What a user does in the app that both the browser tests (harness.ts) and the browser benchmarks
// (bench/browser) need: kept free of vitest, so a benchmark run outside it can import them.
import type { Page } from "playwright-core";

/**
 * Opens the app at `url` (its `?sandbox=` link) the way a user does, accepting the notice that asks before
 * sandbox requests go elsewhere (not shown when the profile already uses that sandbox).
 */
export async function openAppThroughSandboxLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // The link is read before the first render: once the shell is there, so is the notice, if any.
  await page.locator("#main").waitFor({ state: "attached" });
  const notice = page.getByTestId("sandbox-link-notice");
  if (await notice.isVisible()) {
    await notice.getByRole("button", { name: "Use this sandbox" }).click();
    await notice.waitFor({ state: "detached" });
  }
}

/**
 * Adds a scenario the way a user does (pasted JSON, "Check and save") and returns its key
 * (`saved:<id>`). The page must be on the Scenarios page.
 */
export async function saveScenarioThroughUi(page: Page, spec: { name: string } & Record<string, unknown>): Promise<string> {
  await page.getByLabel("Or paste scenario JSON").fill(JSON.stringify(spec));
  await page.getByRole("button", { name: "Check and save" }).click();
  await page.getByText(`Saved “${spec.name}”`).waitFor();
  const card = page.locator('[data-scenario-key^="saved:"]').filter({ has: page.getByRole("heading", { name: spec.name, exact: true }) });
  const key = await card.getAttribute("data-scenario-key");
  if (!key) throw new Error(`no saved card for "${spec.name}"`);
  return key;
}
