// @vitest-environment happy-dom
// A `?sandbox=` link only proposes a sandbox address: Settings change when the user accepts, never before.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ignoreSandboxLink, pendingSandboxLink, takeSandboxLinkFromAddress } from "../../../src/ui/features/settings/sandbox-link";
import { SandboxLinkNotice } from "../../../src/ui/features/settings/sandbox-link-notice";
import { DEFAULT_SANDBOX_URL, resolveSandboxUrl } from "../../../src/ui/lib/sandbox-url";
import { readSavedSandboxUrl, saveSandboxUrl } from "../../../src/ui/lib/settings-storage";

afterEach(() => {
  cleanup();
  act(() => ignoreSandboxLink());
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

function openLink(sandbox: string): void {
  window.history.replaceState(null, "", `/?sandbox=${encodeURIComponent(sandbox)}&keep=1#/run`);
  takeSandboxLinkFromAddress(window.location, window.history);
}

describe("a ?sandbox= link", () => {
  it("is taken off the address and changes nothing until it is accepted", () => {
    openLink("HTTP://Attacker.example:9000/");
    expect(window.location.search).toBe("?keep=1");
    expect(window.location.hash).toBe("#/run");
    render(<SandboxLinkNotice />);
    const notice = screen.getByTestId("sandbox-link-notice");
    expect(notice.textContent).toContain("http://attacker.example:9000");
    expect(notice.textContent).toContain(DEFAULT_SANDBOX_URL);
    expect(readSavedSandboxUrl()).toBeNull();
    expect(resolveSandboxUrl()).toBe(DEFAULT_SANDBOX_URL);

    fireEvent.click(screen.getByRole("button", { name: "Use this sandbox" }));
    expect(resolveSandboxUrl()).toBe("http://attacker.example:9000");
    expect(screen.queryByTestId("sandbox-link-notice")).toBeNull();
  });

  it("leaves Settings as they were when ignored, by button or by Escape", () => {
    saveSandboxUrl("http://127.0.0.1:9100");
    openLink("http://attacker.example:9000");
    render(<SandboxLinkNotice />);
    fireEvent.click(screen.getByRole("button", { name: "Ignore" }));
    expect(screen.queryByTestId("sandbox-link-notice")).toBeNull();

    act(() => openLink("http://attacker.example:9001"));
    const notice = screen.getByTestId("sandbox-link-notice");
    fireEvent.keyDown(notice, { key: "Escape" });
    expect(screen.queryByTestId("sandbox-link-notice")).toBeNull();
    expect(readSavedSandboxUrl()).toBe("http://127.0.0.1:9100");
  });

  it("takes the keyboard's focus, so Tab reaches its two buttons next", () => {
    openLink("http://attacker.example:9000");
    render(<SandboxLinkNotice />);
    const notice = screen.getByTestId("sandbox-link-notice");
    expect(document.activeElement).toBe(notice);
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((button) => [button.tagName, button.textContent])).toEqual([
      ["BUTTON", "Use this sandbox"],
      ["BUTTON", "Ignore"],
    ]);
  });

  it("asks nothing for the sandbox already in use, and drops an address that is not plain http(s)", () => {
    saveSandboxUrl("http://127.0.0.1:9100");
    for (const sandbox of ["http://127.0.0.1:9100/", " HTTP://127.0.0.1:9100", "javascript:alert(1)", "file:///etc/passwd", "http://user:pass@127.0.0.1:9200", "not a url"]) {
      openLink(sandbox);
      expect(pendingSandboxLink()).toBeNull();
      expect(window.location.search).toBe("?keep=1");
    }
    expect(readSavedSandboxUrl()).toBe("http://127.0.0.1:9100");
  });
});
