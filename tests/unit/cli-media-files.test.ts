// The command line's binary files: inputs read relative to the scenario file (cli/input-files.ts) and
// outputs written by their hash with --outputs-dir (cli/output-blobs.ts).
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkInputFiles, createInputFileReader, fileInputsOf } from "../../src/cli/input-files";
import { createOutputBlobWriter, extensionOfMediaType } from "../../src/cli/output-blobs";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "pb-media-"));
  await mkdir(join(folder, "scenarios", "assets"), { recursive: true });
  await writeFile(join(folder, "scenarios", "assets", "hello.wav"), "RIFF....WAVE");
  await writeFile(join(folder, "secret.txt"), "not for sending");
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("input files", () => {
  it("reads a file relative to the scenario's folder, with the media type of its extension, once", async () => {
    const read = createInputFileReader(join(folder, "scenarios"));
    const blob = await read("assets/hello.wav");
    expect(blob.type).toBe("audio/wav");
    expect(await blob.text()).toBe("RIFF....WAVE");
    expect(await read("assets/hello.wav")).toBe(blob);
  });

  it("names the input in every refusal: missing, too large, outside the folder, absolute", async () => {
    const read = createInputFileReader(join(folder, "scenarios"), { maxFileBytes: 8, maxTotalBytes: 100 });
    const inputs = [
      { file: "assets/missing.wav" },
      "a text input",
      { question: "What is it?", image: { file: "assets/hello.wav" } },
      { file: "../secret.txt" },
      { file: join(folder, "secret.txt") },
    ];
    expect(await checkInputFiles(inputs, read)).toEqual([
      "inputs[0]: file not found: assets/missing.wav",
      "inputs[2].image: file too large: assets/hello.wav is 12 bytes, the limit is 8 bytes",
      "inputs[3]: file must stay inside the scenario's folder: ../secret.txt",
      `inputs[4]: file must be a path relative to the scenario file, not ${join(folder, "secret.txt")}`,
    ]);
  });

  it("finds file inputs wherever an input holds them", () => {
    expect(fileInputsOf([{ file: "a.wav" }, { inputs: { image: { file: "b.png" } } }, { file: 3 }])).toEqual([
      { path: "inputs[0]", file: "a.wav" },
      { path: "inputs[1].inputs.image", file: "b.png" },
    ]);
  });
});

describe("--outputs-dir", () => {
  it("writes each output once as <sha256>.<ext>, and stops at its bound", async () => {
    const dir = join(folder, "out");
    const writer = await createOutputBlobWriter(dir, 20);
    const png = new TextEncoder().encode("png bytes");
    const name = await writer.write(png, "image/png");
    expect(name).toBe(`${createHash("sha256").update("png bytes").digest("hex")}.png`);
    expect(await writer.write(png, "image/png")).toBe(name);
    expect(await readFile(join(dir, name!), "utf8")).toBe("png bytes");
    expect(await writer.write(new TextEncoder().encode("more than eleven bytes"), "audio/wav")).toBeNull();
    expect(writer.counts()).toEqual({ written: 1, skipped: 1 });
    expect(await readdir(dir)).toEqual([name]);
  });

  it("takes the extension from the media type, parameters ignored", () => {
    expect(extensionOfMediaType("audio/wav")).toBe("wav");
    expect(extensionOfMediaType("image/jpeg; charset=binary")).toBe("jpg");
    expect(extensionOfMediaType("audio/flac")).toBe("flac");
    expect(extensionOfMediaType("application/x-unknown")).toBe("bin");
  });
});
