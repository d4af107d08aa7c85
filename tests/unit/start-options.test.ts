// `npm start`'s options: the two ports a user may pick, beside the sandbox's drift options, and the
// sandbox started on the one asked for.
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { startOptionsFrom } from "../../src/cli/start-options";
import { startSandboxOn } from "../../src/cli/start-sandbox";

/** A port nothing listens on now: one the system handed out and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("npm start's options", () => {
  it("takes the dashboard's port and the sandbox's port", () => {
    expect(startOptionsFrom(["--port", "3000", "--sandbox-port", "9000"])).toEqual({ appPort: 3000, sandboxPort: 9000, drift: [], runNumber: 1 });
  });

  it("leaves both ports to the defaults (or a free one) when none is given, and keeps the drift options", () => {
    const options = startOptionsFrom(["--drift", "slow=+25%@8", "--run-number", "8"]);
    expect(options).toMatchObject({ appPort: null, sandboxPort: null, runNumber: 8 });
    expect("drift" in options && options.drift.map((drift) => drift.profile)).toEqual(["slow"]);
  });

  it("refuses a port that is not one, naming the option", () => {
    expect(startOptionsFrom(["--port", "80a"])).toEqual({ error: '--port must be a whole number from 0 to 65535, got "80a"' });
    expect(startOptionsFrom(["--sandbox-port", "70000"])).toEqual({ error: '--sandbox-port must be a whole number from 0 to 65535, got "70000"' });
    expect(startOptionsFrom(["--prot", "1"])).toHaveProperty("error");
  });

  it("starts the sandbox on the port asked for, and names the option when that port is taken", async () => {
    const port = await freePort();
    const sandbox = await startSandboxOn(port, { drift: [], runNumber: 1 });
    try {
      expect(sandbox.url).toBe(`http://127.0.0.1:${port}`);
      await expect(startSandboxOn(port, { drift: [], runNumber: 1 })).rejects.toThrow(`--sandbox-port ${port}: the port is already in use on 127.0.0.1`);
    } finally {
      await sandbox.close();
    }
  });
});
