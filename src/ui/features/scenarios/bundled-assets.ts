// The bundled scenarios' input files (scenarios/assets/): Vite copies each into the build and gives its
// URL, so a bundled scenario's `{ "file": "assets/weather.wav" }` is fetched from the dashboard itself.
// Files of the person's own come from the blobs table instead (store/blobs.ts, `sha256:` refs).

const urls = import.meta.glob<string>("../../../../scenarios/assets/*", { eager: true, query: "?url", import: "default" });

const ASSET_URLS: ReadonlyMap<string, string> = new Map(
  Object.entries(urls).map(([path, url]) => [`assets/${path.slice(path.lastIndexOf("/") + 1)}`, url]),
);

/** The names a bundled scenario may use, `assets/<file>`. */
export function bundledAssetNames(): string[] {
  return [...ASSET_URLS.keys()].sort();
}

/** Reads a bundled asset by the path a scenario gives (`assets/weather.wav`); refuses any other path. */
export async function readBundledAsset(path: string, fetchAsset: typeof fetch = fetch): Promise<Blob> {
  const url = ASSET_URLS.get(path.replace(/^\.\//, ""));
  if (url === undefined) throw new Error(`file not found: ${path} is not a bundled asset; load your own file into the scenario instead`);
  // Vite inlines small files as data: URLs, which the page's connect-src does not allow to fetch.
  if (url.startsWith("data:")) return dataUrlBlob(url);
  const response = await fetchAsset(url);
  if (!response.ok) throw new Error(`file not found: ${path} (the dashboard answered ${response.status})`);
  return response.blob();
}

function dataUrlBlob(url: string): Blob {
  const comma = url.indexOf(",");
  const header = url.slice(5, comma);
  const mime = header.split(";")[0] || "application/octet-stream";
  const payload = url.slice(comma + 1);
  const text = header.endsWith(";base64") ? atob(payload) : decodeURIComponent(payload);
  return new Blob([Uint8Array.from(text, (character) => character.charCodeAt(0))], { type: mime });
}
