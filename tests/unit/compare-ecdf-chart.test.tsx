// @vitest-environment happy-dom
// The ECDF charts with their DKW bands, the definition one hover away, and a chart saved as SVG: a
// standalone, well-formed SVG file with the chart, its title and its legend, labels escaped.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { metricById } from "../../src/core/metrics";
import { collectSamples, compareTargets } from "../../src/core/stats/paired";
import { imageOfChart } from "../../src/ui/components/charts/chart-frame";
import { ForestPlot } from "../../src/ui/features/compare/verdict/forest-plot";
import { EcdfChart } from "../../src/ui/features/compare/charts/ecdf-chart";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario, recordsWithLatencies } from "./compare-fixtures";
import { giveChartsASize } from "./chart-size";
import { recordColumns } from "../../src/core/record/record-columns";

giveChartsASize();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const HOSTILE_LABEL = `<b>Bold & "quoted"</b>`;
const SCENARIO = (() => {
  const scenario = makeScenario(["fast", "slow"]);
  return { ...scenario, targets: scenario.targets.map((target) => (target.id === "fast" ? { ...target, label: HOSTILE_LABEL } : target)) };
})();
const TARGETS = describeTargets(["fast", "slow"], SCENARIO);
// 4 successful requests for fast (ε = 0.679), 100 for slow (ε = 0.136); a failure and a warm-up that count nowhere.
const RECORDS = [
  ...recordsWithLatencies("fast", [10, 20, 30, 40]),
  ...recordsWithLatencies("slow", Array.from({ length: 100 }, (_, index) => 100 + index)).map((record, index) => ({ ...record, ttftMs: 20 + (index % 7) })),
  makeRecord({ targetId: "fast", status: "error", errorKind: "http_5xx", latencyMs: 5, repetition: 50 }),
  makeRecord({ targetId: "fast", warmup: true, latencyMs: 1, repetition: 51 }),
];

async function drawnChart(quantity: "latency" | "ttft" = "latency"): Promise<HTMLElement> {
  render(<EcdfChart columns={recordColumns(RECORDS)} targets={TARGETS} quantity={quantity} />);
  const frame = screen.getByTestId(`ecdf-${quantity}`);
  await waitFor(() => expect(frame.querySelectorAll(".recharts-line-curve")).toHaveLength(2));
  await waitFor(() => expect(frame.querySelectorAll(".recharts-area-area")).toHaveLength(2));
  return frame;
}

describe("the ECDF charts", () => {
  it("draw one line and one shaded 95% band per target, and say how wide each band is", async () => {
    const frame = await drawnChart();
    expect(within(frame).getByTestId("ecdf-band-widths").textContent).toBe(`95% band: ${HOSTILE_LABEL}: ±67.9% (n = 4) · slow: ±13.6% (n = 100)`);
  });

  it("draw time to first token from the streamed requests' TTFT", async () => {
    const frame = await drawnChart("ttft");
    expect(within(frame).getByTestId("ecdf-band-widths").textContent).toContain("slow: ±13.6% (n = 100)");
  });

  it("say so when there is nothing to draw", () => {
    render(<EcdfChart columns={recordColumns(RECORDS.map((record) => ({ ...record, ttftMs: null })))} targets={TARGETS} quantity="ttft" />);
    expect(screen.getByText(/No streamed request/)).toBeTruthy();
  });

  it("keep their definition, from the catalogue and the band's own words, one hover or focus away", async () => {
    const frame = await drawnChart();
    const hint = within(frame).getByRole("button", { name: 'What "Latency distribution (ECDF)" shows' });
    const description = document.getElementById(hint.getAttribute("aria-describedby") ?? "");
    expect(description?.getAttribute("role")).toBe("tooltip");
    expect(description?.textContent).toContain("Dvoretzky–Kiefer–Wolfowitz");
    expect(description?.textContent).toContain(metricById("latencyP50Ms").definition);
  });
});

describe("the paired-difference forest plot", () => {
  it("draws each pair's median difference with its 95% interval as an error bar, filled when significant", async () => {
    const paired = (targetId: string, shiftMs: number) =>
      Array.from({ length: 20 }, (_, input) => makeRecord({ targetId, inputIndex: input, latencyMs: 200 + ((input * 37) % 23) * 3 + shiftMs }));
    const records = [...paired("fast", 0), ...paired("slow", 150)];
    const comparisons = compareTargets(collectSamples(records), ["fast", "slow"]);
    render(<ForestPlot comparisons={comparisons} targets={TARGETS} />);
    const plot = screen.getByTestId("forest-plot");
    await waitFor(() => expect(plot.querySelectorAll(".recharts-errorBar")).toHaveLength(1));
    expect(plot.querySelectorAll(".pb-forest-dot.pb-forest-significant")).toHaveLength(1);
    expect(plot.querySelector(".recharts-reference-line")).not.toBeNull();
    expect(within(plot).getByRole("listitem").textContent).toMatch(/^slow is faster than|is faster than slow by 150 ms/);
  });
});

describe("a chart saved as SVG", () => {
  it("is a well-formed standalone SVG with the chart, its title and its legend, labels escaped", async () => {
    const frame = await drawnChart();
    const image = imageOfChart(frame, "Latency distribution (ECDF)", [
      { label: HOSTILE_LABEL, color: "#4477AA", mark: "line" },
      { label: "slow", color: "#EE6677", mark: "line" },
    ]);
    expect(image).not.toBeNull();
    expect(image!.markup.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(image!.markup).not.toContain("<b>");
    const parsed = new DOMParser().parseFromString(image!.markup, "image/svg+xml");
    expect(parsed.getElementsByTagName("parsererror")).toHaveLength(0);
    const root = parsed.documentElement;
    expect(root.tagName).toBe("svg");
    expect(root.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    expect(Number(root.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(root.getAttribute("height"))).toBeGreaterThan(Number(root.querySelector("svg")?.getAttribute("height")));
    const texts = [...root.querySelectorAll("text")].map((text) => text.textContent);
    expect(texts).toContain("Latency distribution (ECDF)");
    expect(texts).toContain(HOSTILE_LABEL);
    expect(texts).toContain("slow");
    expect(root.querySelectorAll(".recharts-line-curve")).toHaveLength(2);
    expect(root.querySelectorAll(".recharts-area-area")).toHaveLength(2);
  });

  it("downloads from the chart's SVG button as an image/svg+xml file named after the chart", async () => {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), "blob:chart"), revokeObjectURL: () => undefined });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe("latency-distribution-ecdf.svg");
    });
    const frame = await drawnChart();
    fireEvent.click(within(frame).getByRole("button", { name: 'Download "Latency distribution (ECDF)" as SVG' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe("image/svg+xml;charset=utf-8");
    const parsed = new DOMParser().parseFromString(await saved[0]!.text(), "image/svg+xml");
    expect(parsed.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(parsed.documentElement.querySelectorAll(".recharts-line-curve")).toHaveLength(2);
  });
});
