// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SANDBOX_URL, resolveSandboxUrl } from "../../../src/ui/lib/sandbox-url";
import { maskToken, readHfToken, removeHfToken, saveHfToken, saveSandboxUrl, subscribeToSettings } from "../../../src/ui/lib/settings-storage";

afterEach(() => {
  localStorage.clear();
  vi.unstubAllEnvs();
  window.history.replaceState(null, "", "/");
});

describe("Hugging Face token setting", () => {
  it("is saved trimmed, notifies subscribers, and is removed", () => {
    const heard = vi.fn();
    const unsubscribe = subscribeToSettings(heard);
    saveHfToken("  hf_abcdefghijklmnop  ");
    expect(readHfToken()).toBe("hf_abcdefghijklmnop");
    removeHfToken();
    expect(readHfToken()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("is masked to its prefix and last four characters", () => {
    expect(maskToken("hf_abcdefghijklmnopWXYZ")).toBe("hf_…WXYZ");
    // Too short to show any of it safely.
    expect(maskToken("hf_abcd")).toBe("hf_…");
    expect(maskToken("sk-1234567890abcd")).toBe("…abcd");
  });
});

describe("sandbox URL", () => {
  it("prefers Settings, then the build's VITE_SANDBOX_URL, then the default port", () => {
    expect(resolveSandboxUrl()).toBe(DEFAULT_SANDBOX_URL);
    vi.stubEnv("VITE_SANDBOX_URL", "http://127.0.0.1:9001/");
    expect(resolveSandboxUrl()).toBe("http://127.0.0.1:9001");
    saveSandboxUrl("http://127.0.0.1:9002");
    expect(resolveSandboxUrl()).toBe("http://127.0.0.1:9002");
    saveSandboxUrl("  ");
    expect(resolveSandboxUrl()).toBe("http://127.0.0.1:9001");
  });
});
