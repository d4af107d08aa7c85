// Bundles the command line into one file that plain Node runs: the package's `providerbench` command.
// Our own TypeScript is bundled; dependencies stay imports, resolved from the installed package's
// node_modules like any other package's.
import { chmod } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { build, type BuildOptions, type Plugin } from "esbuild";
import { buildProcessorBundle, PROCESSOR_BUNDLE } from "../src/cli/artillery/bundle-processor";

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
export const CLI_BUNDLE = "dist/cli/providerbench.js";

export async function buildCli(outfile = `${repositoryRoot}${CLI_BUNDLE}`): Promise<string> {
  const bundlePackageJson: Plugin = {
    name: "bundle-package-json",
    setup(builder) {
      builder.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/package\.json$/ }, (args) => ({ path: createRequire(join(repositoryRoot, "package.json")).resolve(args.path) }));
    },
  };
  const options: BuildOptions = {
    absWorkingDir: repositoryRoot,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    // A dependency's package.json (read for its version) is bundled as data: left as an import, Node 20
    // refuses it without an import attribute, and the built command would not start.
    plugins: [bundlePackageJson],
    // The command copies the Artillery processor prebuilt beside it instead of building it (bundle-processor.ts).
    define: { PROVIDERBENCH_PACKAGED: "true" },
  };
  await build({ ...options, entryPoints: ["src/cli/main.ts"], outfile, banner: { js: "#!/usr/bin/env node" } });
  // Scenario validation runs in a worker thread (src/cli/check-in-worker.ts): its module sits beside the command.
  await build({ ...options, entryPoints: ["src/cli/scenario-worker.ts"], outfile: join(dirname(outfile), "scenario-worker.js") });
  // --workers runs its share of the requests in worker threads (src/cli/workers/): that module sits beside it too.
  await build({ ...options, entryPoints: ["src/cli/workers/run-worker.ts"], outfile: join(dirname(outfile), "run-worker.js") });
  // `export artillery` copies its processor from beside the command (src/cli/artillery/bundle-processor.ts).
  await buildProcessorBundle(join(dirname(outfile), PROCESSOR_BUNDLE));
  await chmod(outfile, 0o755);
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = await buildCli();
  process.stdout.write(`built ${outfile}\n`);
}
