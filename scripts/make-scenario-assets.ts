// `npm run assets`: writes the bundled sandbox scenarios' input files to scenarios/assets/.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { scenarioAssets } from "../src/sandbox/scenario-assets";

const folder = join(import.meta.dirname, "..", "scenarios", "assets");
await mkdir(folder, { recursive: true });
for (const [name, bytes] of scenarioAssets()) {
  await writeFile(join(folder, name), bytes);
  console.log(`scenarios/assets/${name}  ${bytes.length} bytes`);
}
