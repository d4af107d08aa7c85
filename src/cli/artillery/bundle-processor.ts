// The exported test's processor as one file: our TypeScript and its dependencies bundled together, so
// `artillery run` needs nothing from this repository and `run-fargate`/`run-lambda` upload one file.
// Built from source with esbuild (a development dependency, as scripts/build-cli.ts uses it); the
// packaged command carries it prebuilt beside itself and copies that instead.
import { copyFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The processor module's file name, in the exported folder and beside the packaged command. */
export const PROCESSOR_BUNDLE = "providerbench-processor.mjs";

const repositoryRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** Source entry bundled into PROCESSOR_BUNDLE. */
export const PROCESSOR_ENTRY = "src/cli/artillery/processor.ts";

/**
 * Defined (true) by scripts/build-cli.ts in the packaged command, which carries the processor prebuilt
 * beside itself and has no esbuild: there the build below is dead code, removed from the bundle.
 */
declare const PROVIDERBENCH_PACKAGED: boolean | undefined;

/** Writes the processor bundle to `outfile`: the packaged command's prebuilt copy, else built from source. */
export async function writeProcessorBundle(outfile: string): Promise<void> {
  // One if-else on the constant, so the packaged command's bundle keeps the copy alone.
  if (typeof PROVIDERBENCH_PACKAGED === "undefined") await buildProcessorBundle(outfile);
  else await copyFile(join(dirname(fileURLToPath(import.meta.url)), PROCESSOR_BUNDLE), outfile);
}

export async function buildProcessorBundle(outfile: string): Promise<void> {
  // Imported here only: esbuild is a development dependency, absent where the prebuilt copy is used.
  const { build } = await import("esbuild");
  await build({
    absWorkingDir: repositoryRoot,
    entryPoints: [PROCESSOR_ENTRY],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node18",
    logLevel: "warning",
    // Bundled dependencies written for CommonJS call require(): give the ES module one.
    banner: { js: 'import { createRequire as __pbCreateRequire } from "node:module"; const require = __pbCreateRequire(import.meta.url);' },
    plugins: [
      {
        // A dependency's package.json (read for its version) is bundled as data, as scripts/build-cli.ts does.
        name: "bundle-package-json",
        setup(builder) {
          builder.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/package\.json$/ }, (args) => ({ path: createRequire(join(repositoryRoot, "package.json")).resolve(args.path) }));
        },
      },
    ],
  });
}
