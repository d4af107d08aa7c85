// @vitest-environment node
// Bytes in the browser: input files put by hand, run blobs shared by runs, pinned inputs for replays.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blobBytes, getStoredBlob, pinInputFiles, putInputFile, putRunBlob, sha256Hex, storedInputFileReader, STORED_FILE_PREFIX } from "../../../src/store/blobs";
import { ProviderBenchDb } from "../../../src/store/db";
import { deleteRun } from "../../../src/store/queries";
import { testRun } from "./fixtures";

let db: ProviderBenchDb;
beforeEach(async () => {
  db = new ProviderBenchDb(`blobs-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe("putInputFile", () => {
  it("stores a person's file by its sha256 and returns the ref a scenario input takes", async () => {
    const stored = await putInputFile(db, bytes("RIFF my voice"), "my-voice.wav", "audio/wav");
    // sha256("RIFF my voice"), computed apart from the code under test.
    const expected = await sha256Hex(bytes("RIFF my voice"));
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).toEqual({ file: `${STORED_FILE_PREFIX}${expected}`, name: "my-voice.wav", mime: "audio/wav", bytes: 13 });
    const read = storedInputFileReader(db, () => Promise.reject(new Error("not bundled")));
    const blob = await read(stored.file);
    expect(new TextDecoder().decode(await blobBytes(blob))).toBe("RIFF my voice");
    expect(blob.type).toBe("audio/wav");
  });

  it("is never deleted with a run, even one that sent it", async () => {
    const stored = await putInputFile(db, bytes("mine"), "mine.wav", "audio/wav");
    await db.runs.add(testRun("r1"));
    await pinInputFiles(db, "r1", [{ file: stored.file }], storedInputFileReader(db, () => Promise.reject(new Error("none"))));
    await deleteRun(db, "r1");
    expect(await getStoredBlob(db, stored.file.slice(STORED_FILE_PREFIX.length))).not.toBeNull();
  });

  it("says which file is missing rather than sending nothing", async () => {
    const read = storedInputFileReader(db, () => Promise.reject(new Error("unused")));
    await expect(read(`${STORED_FILE_PREFIX}${"0".repeat(64)}`)).rejects.toThrow(/file not found: sha256:0+ is not in this browser's storage/);
  });
});

describe("run blobs", () => {
  it("keeps a blob two runs hold until the last of them is deleted", async () => {
    await db.runs.bulkAdd([testRun("original"), testRun("replay")]);
    const first = await putRunBlob(db, "original", bytes("same image"), "image/png");
    const second = await putRunBlob(db, "replay", bytes("same image"), "image/png");
    expect(second).toEqual(first);
    expect(await db.blobs.count()).toBe(1);
    await deleteRun(db, "original");
    expect(await getStoredBlob(db, first.blob)).not.toBeNull();
    await deleteRun(db, "replay");
    expect(await getStoredBlob(db, first.blob)).toBeNull();
  });
});

describe("pinInputFiles", () => {
  it("replaces every file input by the sha256 of the bytes read, so a replay reads the same bytes", async () => {
    const assets: Record<string, string> = { "assets/a.wav": "audio a", "assets/cat.png": "png cat" };
    const bundled = (path: string) => (path in assets ? Promise.resolve(new Blob([assets[path]!], { type: "application/x-test" })) : Promise.reject(new Error(`file not found: ${path}`)));
    const inputs = [{ file: "assets/a.wav" }, { question: "What is it?", image: { file: "assets/cat.png" } }, "plain text"];
    const pinned = (await pinInputFiles(db, "r1", inputs, storedInputFileReader(db, bundled))) as [{ file: string }, { question: string; image: { file: string } }, string];
    expect(pinned[0].file).toBe(`${STORED_FILE_PREFIX}${await sha256Hex(bytes("audio a"))}`);
    expect(pinned[1]).toEqual({ question: "What is it?", image: { file: `${STORED_FILE_PREFIX}${await sha256Hex(bytes("png cat"))}` } });
    expect(pinned[2]).toBe("plain text");

    // The asset changes (a new release): the pinned snapshot still reads the old bytes.
    assets["assets/a.wav"] = "audio a, re-recorded";
    const again = await storedInputFileReader(db, bundled)(pinned[0].file);
    expect(new TextDecoder().decode(await blobBytes(again))).toBe("audio a");
  });

  it("names the input whose file cannot be read", async () => {
    const none = (path: string) => Promise.reject(new Error(`file not found: ${path}`));
    await expect(pinInputFiles(db, "r1", ["text", { image: { file: "assets/gone.png" } }], storedInputFileReader(db, none))).rejects.toThrow(
      "inputs[1].image: file not found: assets/gone.png",
    );
  });
});
