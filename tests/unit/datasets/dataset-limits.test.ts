// A dataset is read whole: its size is checked before reading, its lines' length before parsing.
import { describe, expect, it } from "vitest";
import { datasetSizeError, MAX_DATASET_BYTES, MAX_DATASET_LINE_CHARS, parseDataset } from "../../../src/core/datasets";

describe("dataset limits", () => {
  it("refuses a line longer than the line limit, naming the line, in either format", () => {
    const long = "x".repeat(MAX_DATASET_LINE_CHARS + 1);
    for (const [format, text] of [
      ["csv", `topic\nshort\n${long}\n`],
      ["jsonl", `{"topic":"short"}\n\n{"topic":"${long}"}\n`],
    ] as const) {
      const parsed = parseDataset(text, format);
      expect(parsed).toEqual({ ok: false, errors: [{ row: null, line: 3, message: "longer than 16 Mi characters, the most a line may hold" }] });
    }
  });

  it("takes a long line under the limit", () => {
    const parsed = parseDataset(`topic\n${"x".repeat(1024 * 1024)}\n`, "csv");
    expect(parsed.ok).toBe(true);
  });

  it("refuses a file over the size limit by its size, before it is read", () => {
    expect(datasetSizeError(MAX_DATASET_BYTES)).toBeNull();
    expect(datasetSizeError(MAX_DATASET_BYTES + 1)?.message).toBe("256.0 MiB: a dataset may be at most 256 MiB");
  });
});
