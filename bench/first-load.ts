// First load: the JavaScript the built app's first screen needs (the entry script and what it preloads),
// gzipped, against the 150 KB goal; the lazily loaded chunks are listed apart.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildSite } from "../scripts/build-site";
import { format, markdownTable } from "./measure-tools";

export interface FirstLoadResult {
  firstScreenGzipBytes: number;
  firstScreenFiles: string[];
  lazyGzipBytes: number;
  lazyFileCount: number;
}

export async function measureFirstLoad(outDir: string): Promise<FirstLoadResult> {
  await buildSite(outDir, { withSourceMaps: true });
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const referenced = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gzipSize = (file: string): number => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  const allScripts = readdirSync(join(outDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `assets/${name}`);
  const lazy = allScripts.filter((file) => !referenced.includes(file) && statSync(join(outDir, file)).size > 0);
  return {
    firstScreenGzipBytes: referenced.reduce((total, file) => total + gzipSize(file), 0),
    firstScreenFiles: referenced,
    lazyGzipBytes: lazy.reduce((total, file) => total + gzipSize(file), 0),
    lazyFileCount: lazy.length,
  };
}

export function firstLoadTable(result: FirstLoadResult): string {
  return markdownTable(
    ["first-screen JS files", "first-screen JS gzipped (KB)", "lazy chunks", "lazy JS gzipped (KB)"],
    [[String(result.firstScreenFiles.length), format(result.firstScreenGzipBytes / 1000), String(result.lazyFileCount), format(result.lazyGzipBytes / 1000)]],
  );
}
