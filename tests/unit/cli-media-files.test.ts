// The command line's binary files: inputs read relative to the scenario file (cli/input-files.ts) and
// outputs written by their hash with --outputs-dir (cli/output-blobs.ts).
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkInputFiles, createInputFileReader, fileInputsOf } from "../../src/cli/input-files";
import { createOutputBlobWriter } from "../../src/cli/output-blobs";
import { extensionOfMediaType } from "../../src/core/tasks";

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

  it("refuses symbolic links that lead outside the folder, by where they lead, and reads those that stay inside", async () => {
    const scenarios = join(folder, "scenarios");
    await symlink(join(folder, "secret.txt"), join(scenarios, "assets", "cat.png"));
    await symlink(folder, join(scenarios, "outside"));
    await symlink("hello.wav", join(scenarios, "assets", "alias.wav"));
    const read = createInputFileReader(scenarios);
    expect(await checkInputFiles([{ file: "assets/cat.png" }, { file: "outside/secret.txt" }, { file: "assets/alias.wav" }], read)).toEqual([
      "inputs[0]: file must stay inside the scenario's folder: assets/cat.png is a symbolic link, or passes through one, that leads outside it",
      "inputs[1]: file must stay inside the scenario's folder: outside/secret.txt is a symbolic link, or passes through one, that leads outside it",
    ]);
    expect(await (await read("assets/alias.wav")).text()).toBe("RIFF....WAVE");
  });

  it("judges files against the folder's real place when the scenario's folder is reached through a link", async () => {
    await symlink(join(folder, "scenarios"), join(folder, "linked"));
    expect(await checkInputFiles([{ file: "assets/hello.wav" }], createInputFileReader(join(folder, "linked")))).toEqual([]);
  });

  it("refuses a named pipe without waiting for a writer, and a folder", async () => {
    execFileSync("mkfifo", [join(folder, "scenarios", "assets", "pipe.wav")]);
    const read = createInputFileReader(join(folder, "scenarios"));
    expect(await checkInputFiles([{ file: "assets/pipe.wav" }, { file: "assets" }], read)).toEqual([
      "inputs[0]: not a regular file: assets/pipe.wav is a named pipe (FIFO)",
      "inputs[1]: not a regular file: assets is a folder",
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

  it("writes nothing through a symbolic link planted under the temporary or the final name, and leaves no output a link", async () => {
    const dir = join(folder, "out");
    await mkdir(dir);
    const bytes = new TextEncoder().encode("provider bytes");
    const name = `${createHash("sha256").update(bytes).digest("hex")}.png`;
    // The names a planted link would need: the temporary name this process would once have used, and the final one.
    await symlink(join(folder, "planted-temporary"), join(dir, `.${name}.${process.pid}.partial`));
    await symlink(join(folder, "planted-final"), join(dir, name));
    const writer = await createOutputBlobWriter(dir);
    expect(await writer.write(bytes, "image/png")).toBe(name);
    expect((await lstat(join(dir, name))).isFile()).toBe(true);
    expect(await readFile(join(dir, name), "utf8")).toBe("provider bytes");
    expect((await readdir(folder)).filter((entry) => entry.startsWith("planted"))).toEqual([]);
    expect((await readdir(dir)).filter((entry) => entry.endsWith(".partial") && !entry.includes(`.${process.pid}.`))).toEqual([]);
  });

  it("takes the extension from the media type, parameters ignored", () => {
    expect(extensionOfMediaType("audio/wav")).toBe("wav");
    expect(extensionOfMediaType("image/jpeg; charset=binary")).toBe("jpg");
    expect(extensionOfMediaType("audio/flac")).toBe("flac");
    expect(extensionOfMediaType("application/x-unknown")).toBe("bin");
  });
});
