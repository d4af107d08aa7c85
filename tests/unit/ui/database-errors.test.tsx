// @vitest-environment happy-dom
// A failed read or write of the browser's database is said on the page: no endless "Loading…", no blank page.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { HistoryPage } from "../../../src/ui/features/history/history-page";
import { ComparePage } from "../../../src/ui/features/compare/compare-page";
import { ScenariosPage } from "../../../src/ui/features/scenarios/scenarios-page";
import { testRecord, testRun } from "../store/fixtures";
import { appendRecords } from "../../../src/store/record-store";
import { openDraftInEditor } from "../../../src/ui/features/editor/drafts";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  const db = getAppDb();
  await Promise.all([db.runs.clear(), db.recordChunks.clear(), db.scenarios.clear()]);
});

const failure = () => new Error("UnknownError: the disk is on fire");

describe("database errors reach the user", () => {
  it("History says the runs could not be listed instead of loading forever", async () => {
    vi.spyOn(getAppDb().runs, "orderBy").mockImplementation(() => {
      throw failure();
    });
    renderInApp(<HistoryPage onReplay={() => undefined} replayDisabled={false} />);
    const notice = await screen.findByTestId("database-error");
    expect(notice.textContent).toContain("Could not list the runs");
    expect(notice.textContent).toContain("the disk is on fire");
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("the run's page says its row could not be read", async () => {
    vi.spyOn(getAppDb().runs, "get").mockRejectedValue(failure());
    renderInApp(<ComparePage runId="r1" baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    expect((await screen.findByTestId("database-error")).textContent).toContain("the disk is on fire");
    expect(screen.queryByText("Loading the run…")).toBeNull();
  });

  it("the run's page says its records could not be read", async () => {
    const db = getAppDb();
    await db.runs.add(testRun("r1"));
    await appendRecords(db, [testRecord("r1", 0)]);
    vi.spyOn(db.recordChunks, "where").mockImplementation(() => {
      throw failure();
    });
    renderInApp(<ComparePage runId="r1" baselineRunId={null} onReplay={() => undefined} replayDisabled={false} />);
    expect((await screen.findByTestId("database-error")).textContent).toContain("Could not read this run");
  });

  it("History says so when a run could not be deleted, and keeps listing it", async () => {
    const db = getAppDb();
    await db.runs.add(testRun("kept"));
    vi.spyOn(db, "transaction").mockRejectedValue(failure());
    renderInApp(<HistoryPage onReplay={() => undefined} replayDisabled={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete run" }));
    expect((await screen.findByTestId("database-error")).textContent).toContain("Could not delete the run of “store test”");
    expect(screen.getAllByTestId("history-row")).toHaveLength(1);
  });

  it("a valid scenario the database refuses is reported as not saved", async () => {
    vi.spyOn(getAppDb().scenarios, "add").mockRejectedValue(failure());
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    fireEvent.change(screen.getByLabelText("Or paste scenario JSON"), {
      target: {
        value: JSON.stringify({ version: 1, name: "Refused", task: "chat-completion", targets: [{ id: "a", endpointUrl: "http://127.0.0.1:8080/v1", model: "m" }], inputs: ["Hi"] }),
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Check and save" }));
    await waitFor(() => expect(screen.getByTestId("database-error").textContent).toContain("Could not save “Refused”"));
    expect(screen.queryByText(/Saved “Refused”/)).toBeNull();
  });
});
