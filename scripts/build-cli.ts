// Bundles the command line into a folder that plain Node runs: the package's `providerbench` command, the
// modules each subcommand imports when it is asked for (chunk-*.js, shared by the command and its worker
// threads), and the workers' entries. Our own TypeScript is bundled; dependencies stay imports, resolved
// from the installed package's node_modules like any other package's.
import { chmod, readdir, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { build, type BuildOptions, type Plugin } from "esbuild";
import { buildProcessorBundle, PROCESSOR_BUNDLE } from "../src/cli/artillery/bundle-processor";
import { CORE_ROOM_INDEX } from "./core-room-index";

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
export const CLI_BUNDLE = "dist/cli/providerbench.js";
const CHUNK_NAMES = "chunk-[hash]";
/** A file CHUNK_NAMES names: esbuild's hash is eight letters and digits. */
export const CHUNK_FILE = /^chunk-[A-Z0-9]{8}\.js$/;

/**
 * A room of src/core reached through its index.ts (docs/architecture.md), which only re-exports: free of
 * side effects, as vite.config.ts marks it for the browser, so a command that imports one name of a room
 * bundles that name's module, not the whole room (`--help` loads none of the runner).
 */
export const coreRoomIndexes: Plugin = {
  name: "core-room-indexes",
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === "core-room-indexes") return undefined;
      const resolved = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: "core-room-indexes" });
      return CORE_ROOM_INDEX.test(resolved.path) ? { ...resolved, sideEffects: false } : resolved;
    });
  },
};

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
    plugins: [bundlePackageJson, coreRoomIndexes],
    // The command copies the Artillery processor prebuilt beside it instead of building it (bundle-processor.ts).
    define: { PROVIDERBENCH_PACKAGED: "true" },
  };
  const outdir = dirname(outfile);
  await removeChunks(outdir);
  await build({
    ...options,
    entryPoints: {
      // main.ts starts with the shebang, which esbuild keeps on its entry alone.
      [basename(outfile, ".js")]: "src/cli/main.ts",
      // Scenario validation runs in a worker thread (src/cli/check-in-worker.ts): its module sits beside the command.
      "scenario-worker": "src/cli/scenario-worker.ts",
      // --workers runs its share of the requests in worker threads (src/cli/workers/): that module sits beside it too.
      "run-worker": "src/cli/workers/run-worker.ts",
    },
    outdir,
    // The subcommands' dynamic imports (src/cli/command-line.ts) become chunks: `--help` loads none of the runner.
    splitting: true,
    chunkNames: CHUNK_NAMES,
  });
  // `export artillery` copies its processor from beside the command (src/cli/artillery/bundle-processor.ts).
  await buildProcessorBundle(join(outdir, PROCESSOR_BUNDLE));
  await chmod(outfile, 0o755);
  return outfile;
}

/** The previous build's chunks: their names change with their content, and a stale one would be packed. */
async function removeChunks(outdir: string): Promise<void> {
  const names = await readdir(outdir).catch(() => []);
  await Promise.all(names.filter((name) => CHUNK_FILE.test(name)).map((name) => rm(join(outdir, name))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = await buildCli();
  process.stdout.write(`built ${outfile}\n`);
}
