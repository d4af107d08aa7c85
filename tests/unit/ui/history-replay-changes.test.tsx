// @vitest-environment happy-dom
// History's Replay with changes: the run's scenario with the targets kept, targets added, other repetitions
// and concurrency, handed to the replay; a change that breaks the scenario is shown at its field.
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAppDb } from "../../../src/store/db";
import { HistoryPage } from "../../../src/ui/features/history/history-page";
import { testRun } from "../store/fixtures";
import { renderInApp } from "./app-providers";

afterEach(async () => {
  cleanup();
  await getAppDb().runs.clear();
});

async function openForm(onReplay = vi.fn()) {
  await getAppDb().runs.add(testRun("original"));
  renderInApp(<HistoryPage onReplay={onReplay} replayDisabled={false} />);
  fireEvent.click(await screen.findByRole("button", { name: "Replay with changes…" }));
  return { onReplay, form: screen.getByRole("form", { name: "Replay store test with changes" }) };
}

describe("History: replay with changes", () => {
  it("replays the run's scenario with the chosen targets, an added one, more repetitions and another concurrency", async () => {
    const { onReplay, form } = await openForm();
    fireEvent.click(within(form).getByLabelText("fast"));
    fireEvent.change(within(form).getByLabelText(/Targets to add/), { target: { value: '{ "id": "steady", "endpointUrl": "sandbox:/steady/v1", "model": "m" }' } });
    fireEvent.change(within(form).getByLabelText("Repetitions"), { target: { value: "4" } });
    fireEvent.change(within(form).getByLabelText("Concurrency"), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Replay with these changes" }));
    expect(onReplay).toHaveBeenCalledTimes(1);
    const [run, scenario] = onReplay.mock.calls[0]!;
    expect(run.id).toBe("original");
    expect(scenario.targets.map((target: { id: string }) => target.id)).toEqual(["slow", "steady"]);
    expect(scenario.run.repetitions).toBe(4);
    expect(scenario.run.concurrency).toBe(3);
    expect(scenario.inputs).toEqual(run.spec.inputs);
  });

  it("shows an added target's error at its path and replays nothing", async () => {
    const { onReplay, form } = await openForm();
    fireEvent.change(within(form).getByLabelText(/Targets to add/), { target: { value: '[{ "id": "steady", "endpointUrl": "sandbox:/steady/v1" }]' } });
    fireEvent.click(within(form).getByRole("button", { name: "Replay with these changes" }));
    expect(within(form).getByRole("list", { name: "Problems in the changes" }).textContent).toContain("targets[2].model");
    expect(onReplay).not.toHaveBeenCalled();
  });
});
