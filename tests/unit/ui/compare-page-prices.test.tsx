// @vitest-environment happy-dom
// The Compare page shows the providers' cost table for a run that stored its prices with their source, and
// not for one priced by its scenario alone; a target without a price shows "no price", never $0.
import "fake-indexeddb/auto";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { validateScenario } from "../../../src/core/scenario";
import { getAppDb } from "../../../src/store/db";
import { appendRecords } from "../../../src/store/record-store";
import { ComparePage } from "../../../src/ui/features/compare/compare-page";
import { testRecord, testRun } from "../store/fixtures";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear()]);
});

function pricedSpec() {
  const checked = validateScenario({
    version: 1,
    name: "every provider",
    task: "chat-completion",
    targets: [
      { id: "fast", provider: "cerebras", model: "m/x", price: { inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 } },
      { id: "slow", provider: "novita", model: "m/x" },
    ],
    inputs: ["hello"],
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.scenario;
}

const SOURCE = { lookup: "router-models", url: "https://router.huggingface.co/v1/models", readAt: "2026-01-01T00:00:00.000Z" };

describe("the Compare page's providers' cost table", () => {
  it("shows each provider's listed price beside its measured cost for a run that stored its prices", async () => {
    const db = getAppDb();
    await db.runs.add(
      testRun("priced", {
        spec: pricedSpec(),
        prices: [
          { targetId: "fast", provider: "cerebras", price: { inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 }, source: SOURCE },
          { targetId: "slow", provider: "novita", price: null, reason: "the router lists no price for this provider", source: SOURCE },
        ],
      }),
    );
    await appendRecords(db, [testRecord("priced", 0), testRecord("priced", 1)]);
    renderInApp(<ComparePage runId="priced" baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    const table = await screen.findByTestId("providers-cost-table", {}, { timeout: 5000 });
    const cell = (targetId: string, column: string): string => table.querySelector(`tr[data-target-id="${targetId}"] td[data-column="${column}"]`)!.textContent!;
    // 5 input and 10 output tokens at $0.10 per million each: 0.0015 USD per 1,000 requests.
    expect(cell("fast", "costThen")).toBe("0.0015 USD");
    expect(cell("slow", "costThen")).toBe("no price");
    expect(cell("slow", "listedThen")).toBe("no price");
    expect(within(screen.getByTestId("prices-sources")).getByTestId("prices-then").textContent).toContain("No price: slow (the router lists no price for this provider)");
  });

  it("is not shown for a run without stored prices", async () => {
    const db = getAppDb();
    await db.runs.add(testRun("plain"));
    await appendRecords(db, [testRecord("plain", 0), testRecord("plain", 1)]);
    renderInApp(<ComparePage runId="plain" baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    await screen.findByTestId("run-comparison", {}, { timeout: 5000 });
    expect(screen.queryByTestId("providers-cost")).toBeNull();
  });
});
