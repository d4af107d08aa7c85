// `npm start [-- --port 5173 --sandbox-port 8787 --drift slow=+25%@8 --run-number 8]`: the sandbox providers
// and the dashboard's dev server in one process; it prints the dashboard's URL and the sandbox's (start-options.ts).
import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { START_USAGE, startOptionsFrom } from "./start-options";
import { START_HOST as HOST, startSandboxOn } from "./start-sandbox";

const PREFERRED_APP_PORT = 5173;
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

async function main(): Promise<void> {
  const options = startOptionsFrom(process.argv.slice(2));
  if ("error" in options) {
    console.error(`${options.error}\n${START_USAGE}`);
    process.exit(2);
  }
  const drifted = { drift: options.drift, runNumber: options.runNumber };
  const sandbox = await startSandboxOn(options.sandboxPort, drifted);
  // Vite exposes VITE_* variables from the environment to the app as import.meta.env.
  process.env.VITE_SANDBOX_URL = sandbox.url;
  let app: ViteDevServer;
  try {
    app = await createServer({
      root: repositoryRoot,
      configFile: `${repositoryRoot}/vite.config.ts`,
      logLevel: "warn",
      // Without --port, Vite moves to the next free port when 5173 is taken; a port asked for is that port or an error.
      server: { host: HOST, port: options.appPort ?? PREFERRED_APP_PORT, strictPort: options.appPort !== null, open: false },
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
