// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SandboxSettings } from "../../../src/ui/features/settings/sandbox-settings";
import { saveSandboxUrl } from "../../../src/ui/lib/settings-storage";

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A fetch that answers /health only at `upAt`, and remembers what it was asked. */
function stubHealth(upAt: string): string[] {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (url === `${upAt}/health`) return new Response("{}", { status: 200 });
    throw new TypeError("Failed to fetch");
  });
  return asked;
}

describe("Settings' sandbox Check", () => {
  it("checks the URL as typed, before it is saved", async () => {
    saveSandboxUrl("http://127.0.0.1:9001");
    const asked = stubHealth("http://127.0.0.1:9002");
    render(<SandboxSettings />);
    fireEvent.change(screen.getByLabelText("Sandbox URL"), { target: { value: " http://127.0.0.1:9002/ " } });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("The sandbox answers at http://127.0.0.1:9002.")).toBeTruthy();
    expect(asked).toEqual(["http://127.0.0.1:9002/health"]);
  });

  it("says nothing answers at a typed URL that is down, even when the saved one is up", async () => {
    saveSandboxUrl("http://127.0.0.1:9001");
    stubHealth("http://127.0.0.1:9001");
    render(<SandboxSettings />);
    fireEvent.change(screen.getByLabelText("Sandbox URL"), { target: { value: "http://127.0.0.1:9003" } });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText(/Nothing answers at http:\/\/127\.0\.0\.1:9003/)).toBeTruthy();
  });

  it("checks the URL in use when the field is empty", async () => {
    const asked = stubHealth("http://127.0.0.1:8787");
    render(<SandboxSettings />);
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("The sandbox answers at http://127.0.0.1:8787.")).toBeTruthy();
    expect(asked).toEqual(["http://127.0.0.1:8787/health"]);
  });
});
