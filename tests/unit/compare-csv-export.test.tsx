// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import Papa from "papaparse";
import { RECORD_FIELDS } from "../../src/core/record";
import { SUMMARY_FILE_COLUMNS } from "../../src/core/metrics";
import { summarize } from "../../src/core/stats";
import { ExportButtons } from "../../src/ui/features/compare/export-buttons";
import { runStartMs } from "../../src/ui/features/compare/charts/record-series";
import { makeRecord, makeScenario } from "./compare-fixtures";
import { renderInApp } from "./ui/app-providers";

interface Download {
  fileName: string;
  blob: Blob;
}

let downloads: Download[];
let blobsByUrl: Map<string, Blob>;
let revokedUrls: string[];

beforeEach(() => {
  downloads = [];
  blobsByUrl = new Map();
  revokedUrls = [];
  vi.useFakeTimers();
  let nextUrl = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:test/${nextUrl++}`;
    blobsByUrl.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation((url) => {
    revokedUrls.push(url);
  });
  // happy-dom does not navigate; capture what the click would have downloaded instead.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobsByUrl.get(this.href);
    if (blob === undefined) throw new Error(`clicked a link to an unknown URL ${this.href}`);
    downloads.push({ fileName: this.download, blob });
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Local 2026-11-23 01:05:00, whatever the machine's time zone. */
const RUN_START_MS = new Date(2026, 10, 23, 1, 5, 0).getTime();

const records = [
  makeRecord({ targetId: "fast", startedAt: RUN_START_MS, output: 'She said "hi",\nthen left' }),
  makeRecord({ targetId: "slow", startedAt: RUN_START_MS + 10, latencyMs: 900 }),
  makeRecord({ targetId: "slow", startedAt: RUN_START_MS + 20, status: "error", errorKind: "rate_limited", httpStatus: 429, errorMessage: "=cmd|' /C calc'!A0", output: null }),
];

const base = makeScenario(["fast", "slow"]);
const scenario = {
  ...base,
  name: "Sandbox: streaming chat",
  targets: base.targets.map((target) => (target.id === "slow" ? { ...target, label: "Slow model" } : target)),
};

function renderButtons() {
  renderInApp(<ExportButtons runId="run-7" scenario={scenario} runLabel="23 Nov 2026, 01:05" records={records} recordCount={records.length} runStartedAtMs={runStartMs(records)} rows={summarize(records, ["fast", "slow"])} />);
}

async function csvRows(blob: Blob): Promise<string[][]> {
  // The file starts with a UTF-8 BOM for spreadsheets; Blob.text() decodes UTF-8 and drops it.
  const firstBytes = [...new Uint8Array(await blob.slice(0, 3).arrayBuffer())];
  expect(firstBytes).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(await blob.text(), { skipEmptyLines: true }).data;
}

describe("CSV export buttons", () => {
  it("downloads every record under a header equal to RECORD_FIELDS, named after the scenario and run time", async () => {
    renderButtons();
    fireEvent.click(screen.getByTestId("export-records-csv"));

    expect(downloads).toHaveLength(1);
    const [download] = downloads as [Download];
    expect(download.fileName).toBe("sandbox-streaming-chat_2026-11-23T01-05-00_records.csv");
    expect(download.blob.type).toBe("text/csv;charset=utf-8");

    const [header, ...lines] = await csvRows(download.blob);
    expect(header).toEqual([...RECORD_FIELDS]);
    expect(lines).toHaveLength(records.length);
    expect(lines.map((line) => line[RECORD_FIELDS.indexOf("targetId")])).toEqual(["fast", "slow", "slow"]);
    expect(lines[0]?.[RECORD_FIELDS.indexOf("output")]).toBe('She said "hi",\nthen left');
  });

  it("downloads one summary line per target, with the run id, the scenario and the targets' display names", async () => {
    renderButtons();
    fireEvent.click(screen.getByTestId("export-summary-csv"));

    const [download] = downloads as [Download];
    expect(download.fileName).toBe("sandbox-streaming-chat_2026-11-23T01-05-00_summary.csv");
    const [header, ...lines] = await csvRows(download.blob);
    expect(header).toEqual([...SUMMARY_FILE_COLUMNS]);
    const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]);
    expect(column("runId")).toEqual(["run-7", "run-7"]);
    expect(column("scenario")).toEqual(["Sandbox: streaming chat", "Sandbox: streaming chat"]);
    expect(column("targetLabel")).toEqual(["fast", "Slow model"]);
  });

  it("revokes the object URL once the download has started", () => {
    renderButtons();
    fireEvent.click(screen.getByTestId("export-records-csv"));
    expect(revokedUrls).toEqual([]);
    vi.runAllTimers();
    expect(revokedUrls).toEqual(["blob:test/0"]);
  });

  it("names the file after the run label when there are no records", () => {
    renderInApp(<ExportButtons runId="run-3" scenario={{ ...makeScenario(["a"]), name: "Empty" }} runLabel="Run 3" records={[]} recordCount={0} runStartedAtMs={null} rows={summarize([], ["a"])} />);
    expect(screen.getByTestId("export-records-csv")).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByTestId("export-summary-csv"));
    expect(downloads[0]?.fileName).toBe("empty_run-3_summary.csv");
  });
});
