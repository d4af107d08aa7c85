// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MODALITY_COLORS } from "../../../src/ui/components/ui/modality-colors";
import { readDraft } from "../../../src/ui/features/editor/drafts";
import { newComparisonDraft } from "../../../src/ui/features/editor/new-comparison";
import { catalogueTasks, type CatalogueTask } from "../../../src/ui/features/editor/task-catalogue";
import { TaskPickerPage } from "../../../src/ui/features/editor/task-picker-page";
import { parseRoute } from "../../../src/ui/lib/hash-route";

function catalogueTask(id: string): CatalogueTask {
  return catalogueTasks().find((task) => task.id === id)!;
}

afterEach(() => {
  cleanup();
  window.location.hash = "";
});

const LOADED = { timeout: 60_000 };

describe("task picker", () => {
  it("groups the tasks by modality, each group in its colour, with labels and summaries", async () => {
    render(<TaskPickerPage />);
    const text = await screen.findByRole("region", { name: "Text" }, LOADED);
    expect((text as HTMLElement).style.getPropertyValue("--modality-color")).toBe(MODALITY_COLORS.nlp);
    expect(screen.getByRole("region", { name: "Audio" }).getAttribute("data-modality")).toBe("audio");
    const chat = within(text).getByRole("button", { name: /^Chat Completion/ });
    expect(chat.textContent).toContain("chat API");
    // Summaries come from the package.
    expect(within(text).getByRole("button", { name: /^Text Generation/ }).textContent).toMatch(/Generating text is the task of/);
  });

  it("leaves out tasks hidden from models and shows the ones it cannot run as unavailable, with the reason", async () => {
    render(<TaskPickerPage />);
    await screen.findByRole("region", { name: "Text" }, LOADED);
    // table-to-text is hidden from models in @huggingface/tasks.
    expect(document.querySelector('[data-task="table-to-text"]')).toBeNull();
    // Video outputs are not kept yet: text-to-video is shown, not offered.
    const unavailable = document.querySelector('[data-task="text-to-video"]')!;
    expect(unavailable.tagName).not.toBe("BUTTON");
    expect(unavailable.querySelector(".task-reason")!.textContent).toMatch(/^Unavailable: \S/);
  });

  it("filters by what is typed", async () => {
    render(<TaskPickerPage />);
    await screen.findByRole("region", { name: "Text" }, LOADED);
    fireEvent.change(screen.getByLabelText("Find a task"), { target: { value: "automatic speech" } });
    expect(screen.queryByRole("region", { name: "Text" })).toBeNull();
    expect(document.querySelector('[data-task="automatic-speech-recognition"]')).not.toBeNull();
  });

  it("starts a task with object inputs from its demo inputs in the shape the task takes, and a file task from a file to name", () => {
    // The Hub widget asks { text, context }; the question-answering task takes { question, context }.
    expect((catalogueTask("question-answering")).demoInputs[0]).toEqual({ question: "Where do I live?", context: "My name is Wolfgang and I live in Berlin" });
    const speech = catalogueTask("automatic-speech-recognition");
    expect(speech.runnable).toBe(true);
    expect(newComparisonDraft(speech).inputs).toEqual([{ file: "" }]);
  });

  it("opens the editor on a draft holding the task's demo inputs", async () => {
    render(<TaskPickerPage />);
    fireEvent.click(await screen.findByRole("button", { name: /^Chat Completion/ }, LOADED));
    const route = parseRoute(window.location.hash);
    expect(route.page).toBe("editor");
    const draft = readDraft(route.page === "editor" ? route.draftId! : "")!;
    expect(draft.task).toBe("chat-completion");
    expect(draft.targets).toEqual([]);
    expect(draft.inputs).toContain("Hi, what can you help me with?");
  });
});
