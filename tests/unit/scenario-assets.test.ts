// The bundled scenarios' input files are exactly what the sandbox's writers make (`npm run assets`), and
// say what they hold: a recording its words and duration, a picture its size and objects.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { audioInfo, imageInfo } from "../../src/core/tasks";
import { readPngInfo } from "../../src/sandbox/png";
import { scenarioAssets } from "../../src/sandbox/scenario-assets";
import { readWavInfo } from "../../src/sandbox/wav";

const folder = new URL("../../scenarios/assets/", import.meta.url);

describe("bundled scenario assets", () => {
  it("are the bytes the asset script writes, and nothing else is there", () => {
    const made = scenarioAssets();
    expect(readdirSync(folder).sort()).toEqual([...made.keys()].sort());
    for (const [name, bytes] of made) expect(readFileSync(new URL(name, folder)).equals(bytes), name).toBe(true);
  });

  it("carry their transcript or their objects in their own metadata", () => {
    const weather = readFileSync(new URL("weather.wav", folder));
    expect(readWavInfo(weather)?.comment).toMatch(/^the weather in paris/);
    expect(audioInfo(weather)?.durationSeconds).toBeCloseTo(17 * 0.3, 5);
    const street = readFileSync(new URL("street.png", folder));
    expect(imageInfo(street)).toEqual({ format: "png", width: 320, height: 240 });
    expect(JSON.parse(readPngInfo(street)?.text.Objects ?? "[]")).toHaveLength(3);
  });
});
