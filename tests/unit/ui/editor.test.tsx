// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { EditorPage } from "../../../src/ui/features/editor/editor-page";
import type { DraftValue } from "../../../src/ui/features/editor/draft-paths";
import { BUNDLED_SCENARIOS, bundledScenarioJson } from "../../../src/ui/features/scenarios/bundled-scenarios";
import { renderInApp } from "./app-providers";
import { startedRuns } from "./started-runs";


afterEach(async () => {
  cleanup();
  startedRuns.length = 0;
  window.location.hash = "";
  await getAppDb().scenarios.clear();
});

// Validation loads the whole-file validator (templates, regex and JSON Schema engines) on first use; on a
// busy machine that import alone can take seconds.
const VALIDATED = { timeout: 60_000 };

function bundledFile(key: string): DraftValue {
  return structuredClone(bundledScenarioJson(key)) as DraftValue;
}

function jsonView(): HTMLTextAreaElement {
  return screen.getByLabelText("Scenario JSON") as HTMLTextAreaElement;
}

function jsonShown(): unknown {
  return JSON.parse(jsonView().value);
}

function field(label: string | RegExp, container: HTMLElement = document.body): HTMLInputElement {
  return within(container).getByLabelText(label) as HTMLInputElement;
}

function targetRow(position: number): HTMLElement {
  return screen.getByRole("group", { name: new RegExp(`^Target ${position}\\b`) });
}

function typeInto(element: HTMLElement, value: string): void {
  fireEvent.change(element, { target: { value } });
}

describe("scenario editor", () => {
  it("lists every bundled scenario the dashboard lists", () => {
    expect(BUNDLED_SCENARIOS.length).toBeGreaterThanOrEqual(5);
    for (const bundled of BUNDLED_SCENARIOS) expect(bundledScenarioJson(bundled.key)).toBeTypeOf("object");
  });

  it.each(BUNDLED_SCENARIOS.map((bundled) => bundled.key))("round-trips %s through the form and the JSON view unchanged", async (key) => {
    const file = bundledFile(key);
    renderInApp(<EditorPage initial={file} scenarioKey={key} draftId={null} />);
    // Opening changes nothing: no defaults filled in, no key reordered away.
    expect(jsonShown()).toEqual(file);
    expect(JSON.stringify(jsonShown())).toBe(JSON.stringify(file));
    await waitFor(() => expect(screen.getByTestId("editor-status").textContent).toContain("The scenario is valid."), VALIDATED);

    // The form shows the file's fields.
    expect(field("Name").value).toBe(file.name);
    expect((field("Task") as unknown as HTMLSelectElement).value).toBe(file.task);
    const targets = file.targets as { id: string; model: string }[];
    targets.forEach((target, index) => {
      expect(field("Id", targetRow(index + 1)).value).toBe(target.id);
      expect(field("Model", targetRow(index + 1)).value).toBe(target.model);
    });

    // form → JSON → form: an edit shows in the JSON, undoing it gives the file back, byte for byte.
    typeInto(field("Name"), "Edited in the form");
    expect((jsonShown() as DraftValue).name).toBe("Edited in the form");
    typeInto(field("Name"), file.name as string);
    expect(JSON.stringify(jsonShown())).toBe(JSON.stringify(file));

    // JSON → form → JSON: an edit in the JSON shows in the form; the file's text puts everything back.
    typeInto(jsonView(), JSON.stringify({ ...file, name: "Edited as JSON" }, null, 2));
    expect(field("Name").value).toBe("Edited as JSON");
    typeInto(jsonView(), JSON.stringify(file, null, 2));
    expect(field("Name").value).toBe(file.name);
    expect(jsonShown()).toEqual(file);
  });

  it("shows each error at its field, with the CLI's path, and keeps Save off until it is fixed", async () => {
    const file = bundledFile("bundled:sandbox-chat");
    renderInApp(<EditorPage initial={file} scenarioKey="bundled:sandbox-chat" draftId={null} />);
    const model = field("Model", targetRow(2));
    typeInto(model, "");
    typeInto(field("Repetitions"), "0");
    await waitFor(() => expect(model.getAttribute("aria-invalid")).toBe("true"), VALIDATED);
    const modelErrors = document.getElementById(model.getAttribute("aria-describedby")!.split(" ").at(-1)!)!;
    expect(modelErrors.textContent).toBe("targets[1].model required");
    const repetitions = field("Repetitions");
    expect(repetitions.getAttribute("aria-invalid")).toBe("true");
    expect(repetitions.closest(".editor-field")!.textContent).toContain("run.repetitions must be at least 1");
    // Only those two fields are marked.
    expect(field("Model", targetRow(1)).getAttribute("aria-invalid")).toBeNull();
    expect(within(screen.getByRole("list", { name: "Problems in the scenario" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "targets[1].model required",
      "run.repetitions must be at least 1",
    ]);
    expect((screen.getByRole("button", { name: "Save and run" }) as HTMLButtonElement).disabled).toBe(true);

    // Text that is no number stays as typed, and is named at its field.
    typeInto(repetitions, "three");
    await waitFor(() => expect(repetitions.closest(".editor-field")!.textContent).toContain("run.repetitions"), VALIDATED);
    expect(repetitions.value).toBe("three");

    // JSON that does not parse is reported at the JSON view and leaves the form as it was.
    typeInto(jsonView(), "{ not json");
    expect(jsonView().closest(".editor-field")!.textContent).toContain("not valid JSON");
    // At its line and column, in the words the command line uses for a file (core/text/json-text.ts).
    expect(jsonView().closest(".editor-field")!.textContent).toContain('line 1, column 3: unexpected "n" where a property name in double quotes is expected');
    expect(field("Name").value).toBe(file.name);
  });

  it("asks for capacity under an SLO in one field: a preset or objectives, the error at the field, emptied the search gone", async () => {
    const scenario = { version: 1, name: "Capacity", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs: ["x"], run: { stream: true, load: { mode: "open", durationMs: 1000 } } };
    renderInApp(<EditorPage initial={scenario} scenarioKey={null} draftId={null} />);
    const slo = field("Find capacity under an SLO (optional)");
    typeInto(slo, "mlperf-interactive");
    expect(((jsonShown() as { run: { load: Record<string, unknown> } }).run.load.findCapacity)).toEqual({ slo: "mlperf-interactive" });
    await waitFor(() => expect(screen.getByTestId("editor-status").textContent).toContain("The scenario is valid."), VALIDATED);
    typeInto(slo, "ttftMs<=500");
    await waitFor(() => expect(slo.getAttribute("aria-invalid")).toBe("true"), VALIDATED);
    expect(slo.closest(".editor-field")!.textContent).toContain('run.load.findCapacity.slo "ttftMs<=500": ttftMs needs a percentile');
    typeInto(slo, "");
    expect((jsonShown() as { run: { load: Record<string, unknown> } }).run.load).toEqual({ mode: "open", durationMs: 1000 });
  });

  it("marks the providers that cannot serve the task, with the reason", () => {
    const scenario = { version: 1, name: "Embeddings", task: "feature-extraction", targets: [{ id: "a", provider: "cerebras", model: "m" }], inputs: ["x"] };
    renderInApp(<EditorPage initial={scenario} scenarioKey={null} draftId={null} />);
    const provider = field("Provider", targetRow(1)) as unknown as HTMLSelectElement;
    const optionLabel = (value: string): string => [...provider.options].find((option) => option.value === value)!.textContent!;
    expect(optionLabel("cerebras")).toBe("cerebras (cannot serve feature-extraction)");
    expect(optionLabel("hf-inference")).toBe("hf-inference");
    expect(optionLabel("auto")).toBe("auto");
    expect(within(targetRow(1)).getByRole("status").textContent).toMatch(/^Cannot serve this task: cerebras does not serve feature-extraction\b/);
    fireEvent.change(provider, { target: { value: "hf-inference" } });
    expect(within(targetRow(1)).queryByRole("status")).toBeNull();
    expect(((jsonShown() as DraftValue).targets as { provider: string }[])[0]!.provider).toBe("hf-inference");
  });

  it("offers an endpoint the APIs the task speaks, and drops the choice when the target becomes a provider", () => {
    const scenario = { version: 1, name: "Embeddings", task: "feature-extraction", targets: [{ id: "tei", endpointUrl: "http://127.0.0.1:8080", model: "m" }], inputs: ["x"] };
    renderInApp(<EditorPage initial={scenario} scenarioKey={null} draftId={null} />);
    const api = field("API it speaks", targetRow(1)) as unknown as HTMLSelectElement;
    expect([...api.options].map((option) => option.value)).toEqual(["", "openai", "tei", "hf-toolkit"]);
    fireEvent.change(api, { target: { value: "tei" } });
    expect((jsonShown() as { targets: Record<string, unknown>[] }).targets[0]).toMatchObject({ api: "tei" });
    fireEvent.click(within(targetRow(1)).getByLabelText("Hugging Face provider"));
    expect((jsonShown() as { targets: Record<string, unknown>[] }).targets[0]).toEqual({ id: "tei", model: "m", provider: "auto" });
  });

  it("takes an endpoint's key by the name of its environment variable, and refuses what looks like the key itself at that field", async () => {
    const scenario = { version: 1, name: "Keyed", task: "chat-completion", targets: [{ id: "vllm", endpointUrl: "http://127.0.0.1:8000/v1", model: "m" }], inputs: ["x"] };
    renderInApp(<EditorPage initial={scenario} scenarioKey={null} draftId={null} />);
    const keyField = field("Key's environment variable (optional)", targetRow(1));
    typeInto(keyField, "hf_abcdefghijklmnopqrstuvwxyz0123");
    await waitFor(() => expect(keyField.getAttribute("aria-invalid")).toBe("true"), VALIDATED);
    expect(keyField.closest(".editor-field")!.textContent).toContain("targets[0].apiKeyEnv");
    typeInto(keyField, "VLLM_KEY");
    await waitFor(() => expect(screen.getByTestId("editor-status").textContent).toContain("The scenario is valid."), VALIDATED);
    // A provider target takes no endpoint key: switching drops it.
    fireEvent.click(within(targetRow(1)).getByLabelText("Hugging Face provider"));
    expect((jsonShown() as { targets: Record<string, unknown>[] }).targets[0]).toEqual({ id: "vllm", model: "m", provider: "auto" });
  });

  it("saves over the saved scenario it was opened from, keeping its id", async () => {
    const db = getAppDb();
    const scenario = { version: 1, name: "Mine", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs: ["x"] };
    await db.scenarios.add({ id: "s1", name: "Mine", spec: scenario as never, createdAt: 1, updatedAt: 1 });
    renderInApp(<EditorPage initial={scenario} scenarioKey="saved:s1" draftId={null} />);
    typeInto(field("Name"), "Mine, renamed");
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false), VALIDATED);
    fireEvent.click(save);
    await screen.findByText("Saved.");
    const stored = await db.scenarios.toArray();
    expect(stored.map((entry) => [entry.id, entry.name, entry.spec.name])).toEqual([["s1", "Mine, renamed", "Mine, renamed"]]);
    expect(window.location.hash).toBe("#/edit/saved%3As1");
  });

  it("switches literal prompts to a template over a prompt column and back without losing them", () => {
    const scenario = { version: 1, name: "Prompts", task: "chat-completion", targets: [{ id: "a", endpointUrl: "sandbox:/fast/v1", model: "m" }], inputs: ["one", "two"] };
    renderInApp(<EditorPage initial={scenario} scenarioKey={null} draftId={null} />);
    fireEvent.click(screen.getByLabelText("A template over a table"));
    expect((jsonShown() as DraftValue).inputs).toEqual({ template: "{{ prompt }}", variables: [{ prompt: "one" }, { prompt: "two" }] });
    expect(screen.getByTestId("template-inputs-editor")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("A list of inputs"));
    expect((jsonShown() as DraftValue).inputs).toEqual(["one", "two"]);
  });

  it("builds a comparison from a draft: three sandbox targets, saved, and Save and run starts its run on the Run page", async () => {
    const draft = { version: 1, name: "My chat comparison", task: "chat-completion", targets: [], inputs: ["Hello"] };
    renderInApp(<EditorPage initial={draft} scenarioKey={null} draftId={null} />);
    await waitFor(() => expect(screen.getByRole("list", { name: "Problems in the scenario" }).textContent).toContain("targets needs at least one target"), VALIDATED);
    for (let count = 0; count < 3; count += 1) fireEvent.click(screen.getByRole("button", { name: "Add a sandbox target" }));
    expect(((jsonShown() as DraftValue).targets as { endpointUrl: string }[]).map((target) => target.endpointUrl)).toEqual([
      "sandbox:/fast/v1",
      "sandbox:/steady/v1",
      "sandbox:/slow/v1",
    ]);
    const saveAndRun = screen.getByRole("button", { name: "Save and run" }) as HTMLButtonElement;
    await waitFor(() => expect(saveAndRun.disabled).toBe(false), VALIDATED);
    fireEvent.click(saveAndRun);
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/run\/saved%3A/));
    const [stored] = await getAppDb().scenarios.toArray();
    expect(stored!.spec.targets.map((target) => target.id)).toEqual(["fast", "steady", "slow"]);
    expect(window.location.hash).toBe(`#/run/saved%3A${stored!.id}`);
    expect(startedRuns.map((request) => [request.scenarioId, request.scenario.name])).toEqual([[`saved:${stored!.id}`, "My chat comparison"]]);
  });

  it("shows a parameter sweep in its own field and takes a change to its levels, naming a bad one at its path", async () => {
    renderInApp(<EditorPage initial={bundledFile("bundled:sandbox-reasoning-sweep")} scenarioKey={null} draftId={null} />);
    const sweep = field("Parameter sweep (JSON, optional)");
    expect(JSON.parse(sweep.value)).toEqual({ parameter: "reasoning_effort", levels: ["low", "medium", "high"] });
    typeInto(sweep, '{ "parameter": "reasoning_effort", "levels": ["low", "max"] }');
    expect(((jsonShown() as DraftValue).run as DraftValue).parameterSweep).toEqual({ parameter: "reasoning_effort", levels: ["low", "max"] });
    await waitFor(() => expect(screen.getByRole("list", { name: "Problems in the scenario" }).textContent).toContain("run.parameterSweep.levels[1]"), VALIDATED);
  });
});

