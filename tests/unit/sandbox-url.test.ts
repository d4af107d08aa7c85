import { describe, expect, it } from "vitest";
import { BROWSER_SANDBOX_URL_OPTIONS, sandboxEndpointUrl } from "../../src/core/endpoints";
import { resolveEndpointUrl } from "../../src/core/run";

describe("sandboxEndpointUrl", () => {
  it("appends the profile's path to the sandbox's address", () => {
    expect(sandboxEndpointUrl("sandbox:/fast/v1", "http://127.0.0.1:8787/")).toBe("http://127.0.0.1:8787/fast/v1");
  });

  it("gives each profile its own *.localhost host in the browser, keeping port and path", () => {
    expect(sandboxEndpointUrl("sandbox:/slow/v1", "http://127.0.0.1:8787", BROWSER_SANDBOX_URL_OPTIONS)).toBe("http://slow.localhost:8787/slow/v1");
    expect(sandboxEndpointUrl("sandbox:/Steady/v1", "http://localhost:9000/base/", BROWSER_SANDBOX_URL_OPTIONS)).toBe(
      "http://steady.localhost:9000/base/Steady/v1",
    );
  });

  it("leaves a sandbox on another machine at its own address: only loopback names resolve to every *.localhost", () => {
    expect(sandboxEndpointUrl("sandbox:/fast/v1", "http://10.0.0.5:8787", BROWSER_SANDBOX_URL_OPTIONS)).toBe("http://10.0.0.5:8787/fast/v1");
  });

  it("is what the runner calls when asked for a host per profile, and not otherwise", () => {
    expect(resolveEndpointUrl("sandbox:/fast/v1", "http://127.0.0.1:8787", { hostPerProfile: true })).toBe("http://fast.localhost:8787/fast/v1");
    expect(resolveEndpointUrl("sandbox:/fast/v1", "http://127.0.0.1:8787")).toBe("http://127.0.0.1:8787/fast/v1");
  });
});
