// `npm start [-- --drift slow=+25%@8 --run-number 8]`: the sandbox providers and the dashboard's dev server
// in one process, one line of output. The drift options are the sandbox's own (src/sandbox/drift.ts).
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createServer, type ViteDevServer } from "vite";
import { DEFAULT_SANDBOX_URL } from "../core/sandbox-health";
import { DRIFT_OPTIONS, driftOptionsFrom, type Drift } from "../sandbox/drift";
import { startSandbox, type Sandbox } from "../sandbox/server";

const HOST = "127.0.0.1";
const PREFERRED_SANDBOX_PORT = Number(new URL(DEFAULT_SANDBOX_URL).port);
const PREFERRED_APP_PORT = 5173;
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The usual port when it is free (so bookmarks and `?sandbox=` links keep working), else any free one. */
async function startSandboxOnAFreePort(drifted: { drift: Drift[]; runNumber: number }): Promise<Sandbox> {
  try {
    return await startSandbox({ port: PREFERRED_SANDBOX_PORT, host: HOST, ...drifted });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return startSandbox({ port: 0, host: HOST, ...drifted });
  }
}

async function main(): Promise<void> {
  const drifted = driftOptionsFrom(parseArgs({ args: process.argv.slice(2), options: DRIFT_OPTIONS, strict: true }).values);
  if ("error" in drifted) throw new Error(drifted.error);
  const sandbox = await startSandboxOnAFreePort(drifted);
  // Vite exposes VITE_* variables from the environment to the app as import.meta.env.
  process.env.VITE_SANDBOX_URL = sandbox.url;
  let app: ViteDevServer;
  try {
    app = await createServer({
      root: repositoryRoot,
      configFile: `${repositoryRoot}/vite.config.ts`,
      logLevel: "warn",
      // strictPort false: Vite moves to the next free port when 5173 is taken.
      server: { host: HOST, port: PREFERRED_APP_PORT, strictPort: false, open: false },
    });
    await app.listen();
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const appUrl = app.resolvedUrls?.local[0] ?? `http://${HOST}:${app.config.server.port}/`;
  console.log(`ProviderBench is running: ${appUrl}`);
  console.log(`Sandbox providers are embedded at ${sandbox.url} (no token needed). Ctrl-C stops both.`);
  for (const drift of drifted.drift) console.log(`Sandbox drift: ${drift.profile} × ${drift.factor} from run ${drift.fromRun}; this is run ${drifted.runNumber}.`);

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([app.close(), sandbox.close()]);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  console.error(`ProviderBench could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
