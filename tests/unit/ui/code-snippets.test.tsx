// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { validateScenario } from "../../../src/core/scenario";
import { CodeSnippets } from "../../../src/ui/features/compare/snippets/code-snippets";

const SECRET = "hf_browserTokenThatMustNeverShow987";

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function chatScenario() {
  const result = validateScenario({
    version: 1,
    name: "s",
    task: "chat-completion",
    targets: [
      { id: "groq", label: "Groq", provider: "groq", model: "meta-llama/Llama-3.1-8B-Instruct" },
      { id: "fast", endpointUrl: "sandbox:/fast/v1", model: "sandbox-chat" },
    ],
    inputs: ["<script>alert(1)</script> first"],
  });
  if (!result.ok) throw new Error("invalid");
  return result.scenario;
}

function open(): HTMLDetailsElement {
  const details = screen.getByTestId("code-snippets") as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event("toggle"));
  return details;
}

describe("CodeSnippets", () => {
  it("builds nothing until opened, then every target's snippets with the token as a variable, never the saved one", async () => {
    localStorage.setItem("providerbench.hfToken", SECRET);
    const { container } = render(<CodeSnippets scenario={chatScenario()} />);
    expect(screen.queryAllByTestId("target-snippets")).toHaveLength(0);
    open();
    await waitFor(() => expect(screen.getAllByTestId("target-snippets")).toHaveLength(2));
    const groq = screen.getAllByTestId("target-snippets")[0]!;
    expect(within(groq).getByRole("heading", { level: 3 }).textContent).toBe("Groq");
    const codes = within(groq).getAllByTestId("snippet-code");
    expect(new Set(codes.map((code) => code.getAttribute("data-language")))).toEqual(new Set(["js", "python", "sh"]));
    expect(codes.find((code) => code.getAttribute("data-language") === "sh")!.textContent).toContain("${HF_TOKEN}");
    // The input's markup stays text inside the snippets.
    expect(container.querySelectorAll("script")).toHaveLength(0);
    expect(container.textContent).not.toContain(SECRET);
  });

  it("copies a snippet's text with its button and says so", async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<CodeSnippets scenario={chatScenario()} />);
    open();
    const groq = (await screen.findAllByTestId("target-snippets"))[0]!;
    const curl = within(groq).getAllByTestId("snippet-code").find((code) => code.getAttribute("data-language") === "sh")!;
    fireEvent.click(within(groq).getByRole("button", { name: "Copy the curl (curl) snippet" }));
    expect(writeText).toHaveBeenCalledWith(curl.textContent);
    expect(await within(groq).findByText("Copied")).toBeTruthy();
  });
});
