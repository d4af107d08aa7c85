// A bundled scenario's `{ "file": "assets/…" }` is read from the dashboard's own copy of the file.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundledAssetNames, readBundledAsset } from "../../../src/ui/features/scenarios/bundled-assets";

const folder = new URL("../../../scenarios/assets/", import.meta.url);

/** Serves the asset URLs from the repository's files, as the dashboard's server does. */
const serveFromDisk: typeof fetch = (input) => {
  const url = String(input);
  const name = url.slice(url.lastIndexOf("/") + 1).split("?")[0]!;
  try {
    return Promise.resolve(new Response(readFileSync(new URL(name, folder)), { headers: { "content-type": "application/octet-stream" } }));
  } catch {
    return Promise.resolve(new Response("missing", { status: 404 }));
  }
};

describe("bundled assets", () => {
  it("lists every file under scenarios/assets by the path a scenario uses", () => {
    expect(bundledAssetNames()).toContain("assets/weather.wav");
    expect(bundledAssetNames()).toContain("assets/cat-and-dog.png");
  });

  it("reads an asset's bytes as the file holds them", async () => {
    const blob = await readBundledAsset("assets/station.wav", serveFromDisk);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array(readFileSync(new URL("station.wav", folder))));
  });

  it("refuses a path that is not a bundled asset, saying what to do", async () => {
    await expect(readBundledAsset("assets/my-voice.wav", serveFromDisk)).rejects.toThrow(/not a bundled asset; load your own file/);
    await expect(readBundledAsset("../package.json", serveFromDisk)).rejects.toThrow(/file not found/);
  });
});
