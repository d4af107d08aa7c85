// @vitest-environment happy-dom
// The scenario library: examples are read-only and saved as copies; saved scenarios are renamed,
// duplicated, deleted with undo, searched, exported without a key, imported by drop, and a share link
// opens as an unsaved draft.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkScenarioShape, type Scenario, encodeSharePayload, scenarioFileText, parseScenarioText } from "../../../src/core/scenario";
import { getAppDb } from "../../../src/store/db";
import { saveScenario } from "../../../src/store/queries";
import { removeEndpointKey, removeHfToken, saveEndpointKey, saveHfToken } from "../../../src/ui/lib/settings-storage";
import { ScenariosPage } from "../../../src/ui/features/scenarios/scenarios-page";
import { openDraftInEditor } from "../../../src/ui/features/editor/drafts";
import { renderInApp } from "./app-providers";
import { startedRuns } from "./started-runs";


const VALIDATED = { timeout: 60_000 };
const TOKEN = "hf_libraryTestTokenThatMustNeverLeave0123";

function scenario(name: string, overrides: Partial<Record<string, unknown>> = {}): Scenario {
  const result = checkScenarioShape({
    version: 1,
    name,
    task: "chat-completion",
    targets: [{ id: "local", endpointUrl: "http://127.0.0.1:8080/v1", model: "llama" }],
    inputs: ["Hi"],
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

const savedCards = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>("[data-scenario-key^='saved:']")];
const savedNames = async (): Promise<string[]> => (await getAppDb().scenarios.toArray()).map((stored) => stored.name).sort();

beforeEach(() => {
  saveHfToken(TOKEN);
  startedRuns.length = 0;
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  removeHfToken();
  await getAppDb().scenarios.clear();
});

describe("scenario library", () => {
  it("keeps examples read-only and saves a copy of one as the user's own", async () => {
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    const example = document.querySelector("[data-scenario-key='bundled:sandbox-chat']") as HTMLElement;
    expect(within(example).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(example).queryByRole("button", { name: "Rename" })).toBeNull();
    fireEvent.click(within(example).getByRole("button", { name: "Save a copy" }));
    await waitFor(() => expect(savedCards()).toHaveLength(1));
    const [copy] = await getAppDb().scenarios.toArray();
    expect(copy!.name).toMatch(/ \(copy\)$/);
    expect(copy!.spec.name).toBe(copy!.name);
  });

  it("renames, duplicates, and deletes with an undo that brings the same scenario back", async () => {
    const stored = await saveScenario(getAppDb(), scenario("Chat at home"));
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    await waitFor(() => expect(savedCards()).toHaveLength(1));
    fireEvent.click(within(savedCards()[0]!).getByRole("button", { name: "Rename" }));
    fireEvent.change(screen.getByLabelText("New name"), { target: { value: "Chat at work" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    await waitFor(async () => expect(await savedNames()).toEqual(["Chat at work"]));
    expect((await getAppDb().scenarios.get(stored.id))!.spec.name).toBe("Chat at work");

    await waitFor(() => expect(within(savedCards()[0]!).getByRole("heading").textContent).toBe("Chat at work"));
    fireEvent.click(within(savedCards()[0]!).getByRole("button", { name: "Duplicate" }));
    await waitFor(async () => expect(await savedNames()).toEqual(["Chat at work", "Chat at work (copy)"]));

    const original = document.querySelector(`[data-scenario-key="saved:${stored.id}"]`) as HTMLElement;
    fireEvent.click(within(original).getByRole("button", { name: "Delete" }));
    await waitFor(async () => expect(await savedNames()).toEqual(["Chat at work (copy)"]));
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(async () => expect((await getAppDb().scenarios.get(stored.id))?.name).toBe("Chat at work"));
  });

  it("searches names, tasks and targets of both lists", async () => {
    await saveScenario(getAppDb(), scenario("Llama at home"));
    await saveScenario(getAppDb(), scenario("Embeddings", { task: "feature-extraction", inputs: ["x"], targets: [{ id: "tei", endpointUrl: "http://127.0.0.1:9/v1", model: "bge" }] }));
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    await waitFor(() => expect(savedCards()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText("Search scenarios"), { target: { value: "BGE" } });
    await waitFor(() => expect(savedCards().map((card) => within(card).getByRole("heading").textContent)).toEqual(["Embeddings"]));
    expect(document.querySelectorAll("[data-scenario-key^='bundled:']").length).toBe(0);
    fireEvent.change(screen.getByLabelText("Search scenarios"), { target: { value: "sandbox streaming" } });
    await waitFor(() => expect(savedCards()).toHaveLength(0));
    expect(document.querySelector("[data-scenario-key='bundled:sandbox-chat-streaming']")).not.toBeNull();
  });

  it("exports a file that holds no key and imports back to the same scenario", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), "blob:test"));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const spec = scenario("Exported", { parameters: { max_tokens: 8 } });
    await saveScenario(getAppDb(), spec);
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    await waitFor(() => expect(savedCards()).toHaveLength(1));
    fireEvent.click(within(savedCards()[0]!).getByRole("button", { name: "Export" }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await blobs[0]!.text();
    expect(text).not.toContain(TOKEN);
    const reimported = parseScenarioText(text);
    expect(reimported.ok && reimported.scenario).toEqual(spec);
  });

  it("refuses to export a scenario an endpoint key was pasted into", async () => {
    const endpointKey = "sk-endpointKeyThatStaysInThisBrowser42";
    saveEndpointKey("http://127.0.0.1:8080", endpointKey);
    try {
      URL.createObjectURL = vi.fn(() => "blob:test");
      await saveScenario(getAppDb(), scenario("Leaky endpoint", { inputs: [`use ${endpointKey}`] }));
      renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
      await waitFor(() => expect(savedCards()).toHaveLength(1));
      fireEvent.click(within(savedCards()[0]!).getByRole("button", { name: "Share link" }));
      expect(await screen.findByText(/contains one of your keys/)).toBeTruthy();
      expect(screen.queryByTestId("share-link")).toBeNull();
    } finally {
      removeEndpointKey("http://127.0.0.1:8080");
    }
  });

  it("refuses to export a scenario a key was pasted into", async () => {
    URL.createObjectURL = vi.fn(() => "blob:test");
    await saveScenario(getAppDb(), scenario("Leaky", { description: `token ${TOKEN}` }));
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    await waitFor(() => expect(savedCards()).toHaveLength(1));
    fireEvent.click(within(savedCards()[0]!).getByRole("button", { name: "Export" }));
    expect(await screen.findByText(/contains one of your keys/)).toBeTruthy();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it("imports a dropped file, and names the field path of a dropped file that is not valid", async () => {
    renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    const drop = (name: string, text: string): void => {
      const file = new File([text], name, { type: "application/json" });
      fireEvent.drop(screen.getByTestId("scenario-drop-zone"), { dataTransfer: { files: [file], types: ["Files"] } });
    };
    drop("broken.json", JSON.stringify({ ...scenarioFileJson("Dropped"), targets: [{ id: "x", endpointUrl: "http://127.0.0.1:1/v1" }] }));
    const errors = await screen.findByRole("list", { name: "Problems in the scenario" }, VALIDATED);
    expect(errors.textContent).toContain("targets[0].model");
    drop("good.json", JSON.stringify(scenarioFileJson("Dropped")));
    await waitFor(async () => expect(await savedNames()).toEqual(["Dropped"]), VALIDATED);
  });
});

function scenarioFileJson(name: string): Record<string, unknown> {
  return JSON.parse(scenarioFileText(scenario(name))) as Record<string, unknown>;
}

describe("share links on the Scenarios page", () => {
  it("make a link that opens the same scenario as an unsaved draft, stored only on Save", async () => {
    const clipboard = { writeText: vi.fn(async () => undefined) };
    Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
    const spec = scenario("Shared chat", { parameters: { temperature: 0 } });
    await saveScenario(getAppDb(), spec);
    const { unmount } = renderInApp(<ScenariosPage onOpenInEditor={openDraftInEditor} />);
    await waitFor(() => expect(savedCards()).toHaveLength(1));
    fireEvent.click(within(savedCards()[0]!).getByRole("button", { name: "Share link" }));
    const field = (await screen.findByTestId("share-link")) as HTMLInputElement;
    expect(clipboard.writeText).toHaveBeenCalledWith(field.value);
    expect(field.value).not.toContain(TOKEN);
    const payload = field.value.slice(field.value.indexOf("#/shared/") + "#/shared/".length);
    unmount();
    await getAppDb().scenarios.clear();

    renderInApp(<ScenariosPage sharedPayload={payload} onOpenInEditor={openDraftInEditor} />);
    const draft = (await screen.findByText("unsaved draft", undefined, VALIDATED)).closest("article")!;
    expect(within(draft).getByRole("heading").textContent).toBe("Shared chat");
    fireEvent.click(within(draft).getByRole("button", { name: "Run" }));
    expect(startedRuns.map((request) => [request.scenarioId, request.scenario.name])).toEqual([["draft:shared", "Shared chat"]]);
    expect(window.location.hash).toBe("#/run/draft%3Ashared");
    expect(await getAppDb().scenarios.count()).toBe(0);
    // The editor opens it by its own drafts, not by a key it does not know.
    expect(within(draft).queryByRole("link", { name: /^Edit/ })).toBeNull();
    fireEvent.click(within(draft).getByRole("button", { name: "Open in the editor" }));
    const draftId = new URLSearchParams(window.location.hash.split("?")[1]).get("draft")!;
    expect(window.location.hash).toMatch(/^#\/edit\?draft=/);
    expect(JSON.parse(sessionStorage.getItem(`providerbench:draft:${draftId}`)!)).toEqual(JSON.parse(JSON.stringify(spec)));
    fireEvent.click(within(draft).getByRole("button", { name: "Save" }));
    await waitFor(async () => expect((await getAppDb().scenarios.toArray()).map((stored) => stored.spec)).toEqual([spec]));
  });

  it("show a link's errors by field path and save nothing", async () => {
    const payload = await encodeSharePayload(JSON.stringify({ ...scenarioFileJson("Bad"), run: { concurrency: 0 } }));
    renderInApp(<ScenariosPage sharedPayload={payload} onOpenInEditor={openDraftInEditor} />);
    const errors = await screen.findByRole("list", { name: "Problems in the scenario" }, VALIDATED);
    expect(errors.textContent).toContain("run.concurrency");
    expect(await getAppDb().scenarios.count()).toBe(0);
  });
});
