import { describe, expect, it } from "vitest";
import { parseRoute, routes } from "../../../src/ui/lib/hash-route";

describe("hash routes", () => {
  it("maps addresses to pages", () => {
    expect(parseRoute("")).toEqual({ page: "scenarios" });
    expect(parseRoute("#/")).toEqual({ page: "scenarios" });
    expect(parseRoute("#/run")).toEqual({ page: "run", scenarioKey: null });
    expect(parseRoute("#/history")).toEqual({ page: "history" });
    expect(parseRoute("#/history/trends")).toEqual({ page: "trends", seriesKey: null });
    expect(parseRoute(routes.trends("scenario:bundled:sandbox-chat-streaming"))).toEqual({ page: "trends", seriesKey: "scenario:bundled:sandbox-chat-streaming" });
    expect(parseRoute("#/settings")).toEqual({ page: "settings" });
    expect(parseRoute("#/compare")).toEqual({ page: "compare", runId: null, baselineRunId: null });
    // Addresses of earlier versions still open their run.
    expect(parseRoute("#/runs/abc?baseline=def")).toEqual({ page: "compare", runId: "abc", baselineRunId: "def" });
    expect(parseRoute("#/nope/deeper")).toEqual({ page: "not-found", path: "/nope/deeper" });
  });

  it("round-trips run and scenario ids through the links it builds", () => {
    expect(parseRoute(routes.run("bundled:sandbox chat/1"))).toEqual({ page: "run", scenarioKey: "bundled:sandbox chat/1" });
    expect(parseRoute(routes.compare("new-id", "old-id"))).toEqual({ page: "compare", runId: "new-id", baselineRunId: "old-id" });
    expect(parseRoute(routes.compare("only"))).toEqual({ page: "compare", runId: "only", baselineRunId: null });
    expect(routes.compare()).toBe("#/compare");
  });

  it("opens a share link's payload as the shared page", () => {
    expect(parseRoute("#/shared/1.abc-_Z")).toEqual({ page: "shared", payload: "1.abc-_Z" });
    expect(parseRoute("#/shared")).toEqual({ page: "not-found", path: "/shared" });
  });
});

describe("editor routes", () => {
  it("opens the task catalogue, a scenario by key, or a draft by id", () => {
    expect(parseRoute(routes.newComparison())).toEqual({ page: "new" });
    expect(parseRoute(routes.edit("saved:abc/1"))).toEqual({ page: "editor", scenarioKey: "saved:abc/1", draftId: null });
    expect(parseRoute(routes.editDraft("d 1"))).toEqual({ page: "editor", scenarioKey: null, draftId: "d 1" });
  });
});

describe("the providers route", () => {
  it("opens the providers page on a model and a task, or on neither", () => {
    expect(parseRoute(routes.providers())).toEqual({ page: "providers", modelId: null, task: null });
    expect(routes.providers("meta-llama/Llama-3.1-8B-Instruct", "chat-completion")).toBe("#/providers?model=meta-llama%2FLlama-3.1-8B-Instruct&task=chat-completion");
    expect(parseRoute(routes.providers("meta-llama/Llama-3.1-8B-Instruct", "chat-completion"))).toEqual({ page: "providers", modelId: "meta-llama/Llama-3.1-8B-Instruct", task: "chat-completion" });
    expect(parseRoute("#/providers/extra")).toEqual({ page: "not-found", path: "/providers/extra" });
  });
});
