// The task catalogue: every pipeline type of @huggingface/tasks once, by modality, runnable exactly when
// the registry has a definition, with a reason for each of the others.
import { describe, expect, it } from "vitest";
import { PIPELINE_TYPES } from "@huggingface/tasks";
import { SUPPORTED_TASKS } from "../../../src/core/tasks";
import { taskCatalogue } from "../../../src/core/tasks/catalogue";
import { formatTaskCatalogue } from "../../../src/cli/tasks-command";

describe("taskCatalogue", () => {
  it("lists every pipeline type once, plus chat-completion, runnable exactly when ProviderBench runs it", () => {
    const catalogue = taskCatalogue();
    expect(catalogue.map((task) => task.id).sort()).toEqual(["chat-completion", ...PIPELINE_TYPES].sort());
    expect(catalogue.filter((task) => task.runnable).map((task) => task.id).sort()).toEqual([...SUPPORTED_TASKS].sort());
    for (const task of catalogue) {
      if (task.runnable) expect(task.reason).toBeUndefined();
      else expect(task.reason, task.id).toMatch(/\S/);
    }
  });

  it("says which providers the library has for a task it calls but ProviderBench does not run", () => {
    const video = taskCatalogue().find((task) => task.id === "text-to-video")!;
    expect(video.runnable).toBe(false);
    expect(video.reason).toMatch(/^video outputs are not kept or shown yet \(@huggingface\/inference serves it through .*fal-ai/);
    expect(taskCatalogue().find((task) => task.id === "depth-estimation")!.reason).toBe("@huggingface/inference has no provider for it");
  });

  it("prints one group per modality, in the order of @huggingface/tasks", () => {
    const text = formatTaskCatalogue();
    const headings = text.split("\n").filter((line) => /^\S.*:$/.test(line));
    expect(headings.slice(0, 4)).toEqual(["Multimodal:", "Natural Language Processing:", "Computer Vision:", "Audio:"]);
    expect(text).toMatch(/ {2}runs {2}automatic-speech-recognition +providers: .*fal-ai/);
    expect(text).toContain(`${SUPPORTED_TASKS.length} of ${taskCatalogue().length} tasks run`);
  });
});
