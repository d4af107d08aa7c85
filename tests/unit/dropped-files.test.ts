// A drop on History's Import runs: files as they are, folders opened through the entries API (which a
// drag and drop in a test browser cannot produce, so the entries are built here as Chromium hands them
// over: a directory's reader gives its entries in batches of at most 100, then an empty batch).
import { describe, expect, it } from "vitest";
import { droppedFiles } from "../../src/ui/features/history/dropped-files";

const CHROMIUM_BATCH = 100;

function fileEntry(file: File): FileSystemFileEntry {
  return { isFile: true, isDirectory: false, name: file.name, file: (resolve: (file: File) => void) => resolve(file) } as unknown as FileSystemFileEntry;
}

function directoryEntry(name: string, children: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let next = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const batch = children.slice(next, next + CHROMIUM_BATCH);
          next += batch.length;
          queueMicrotask(() => resolve(batch));
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

/** A DataTransfer as a drop gives it: one item per dropped thing, and `files` listing the dropped files only. */
function dropOf(entries: FileSystemEntry[], files: File[] = []): DataTransfer {
  return {
    items: entries.map((entry) => ({ kind: "file", webkitGetAsEntry: () => entry })),
    files,
  } as unknown as DataTransfer;
}

const bundle = (name: string): File => new File([`{"format":"providerbench-run-bundle","name":"${name}"}`], name);

describe("the files of a drop", () => {
  it("opens dropped folders and their sub-folders, every batch of a large folder, beside dropped files", async () => {
    const nightly = Array.from({ length: 250 }, (_, night) => bundle(`night-${night}.pbrun.json.gz`));
    const regions = [bundle("eu-west-1.json"), bundle("us-east-1.json")];
    const loose = bundle("today.pbrun.json.gz");
    const drop = dropOf([
      directoryEntry("nightly", [...nightly.map(fileEntry), directoryEntry("regions", regions.map(fileEntry)), directoryEntry("empty", [])]),
      fileEntry(loose),
    ]);
    const names = (await droppedFiles(drop)).map((file) => file.name);
    expect(names).toHaveLength(253);
    expect(names).toEqual([...nightly, ...regions, loose].map((file) => file.name));
  });

  it("takes the dropped files as they are where the browser offers no entries", async () => {
    const files = [bundle("a.pbrun.json.gz"), bundle("b.jsonl")];
    const drop = { items: files.map(() => ({ kind: "file", webkitGetAsEntry: () => null })), files } as unknown as DataTransfer;
    expect((await droppedFiles(drop)).map((file) => file.name)).toEqual(["a.pbrun.json.gz", "b.jsonl"]);
  });

  it("leaves out dragged text, which is no file", async () => {
    const file = bundle("run.pbrun.json.gz");
    const drop = { items: [{ kind: "string", webkitGetAsEntry: () => null }, { kind: "file", webkitGetAsEntry: () => fileEntry(file) }], files: [file] } as unknown as DataTransfer;
    expect((await droppedFiles(drop)).map((dropped) => dropped.name)).toEqual(["run.pbrun.json.gz"]);
  });
});
