// @vitest-environment happy-dom
// The charts read alike: legends and tooltips in series order, the timeline's tooltip naming the target
// and its legend explaining the failure mark, error kinds in colours no target uses, round axis ticks,
// and a titled, labelled live chart.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { intervalOf, metricById } from "../../src/core/metrics";
import { summarize } from "../../src/core/stats";
import { ERROR_KIND_COLORS, TARGET_PALETTE } from "../../src/ui/components/ui/target-colors";
import { SeriesTooltip } from "../../src/ui/components/charts/chart-parts";
import { ErrorBreakdownChart } from "../../src/ui/features/compare/charts/error-breakdown-chart";
import { LatencyPercentilesChart, LATENCY_PERCENTILES_TITLE } from "../../src/ui/features/compare/charts/latency-percentiles-chart";
import { FAILED_REQUEST_LEGEND, LatencyTimelineChart, TimelineTooltip } from "../../src/ui/features/compare/charts/latency-timeline-chart";
import { LiveSummary } from "../../src/ui/features/compare/summary-table/live-summary";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario, recordsWithLatencies } from "./compare-fixtures";
import { giveChartsASize } from "./chart-size";
import { recordColumns } from "../../src/core/record";

giveChartsASize();
afterEach(cleanup);

const LABELS: Record<string, string> = { zeta: "Zeta cloud", alpha: "Alpha local" };
const SCENARIO = (() => {
  const scenario = makeScenario(["zeta", "alpha"]);
  return { ...scenario, targets: scenario.targets.map((target) => ({ ...target, label: LABELS[target.id] })) };
})();
const TARGETS = describeTargets(["zeta", "alpha"], SCENARIO);
const RECORDS = [
  ...recordsWithLatencies("zeta", [120, 180, 240, 587]),
  ...recordsWithLatencies("alpha", [90, 110, 130]),
  makeRecord({ targetId: "alpha", status: "error", errorKind: "http_5xx", httpStatus: 503, latencyMs: 40, repetition: 5, startedAt: 1_700_000_002_500 }),
  makeRecord({ targetId: "zeta", status: "error", errorKind: "rate_limited", httpStatus: 429, latencyMs: 30, repetition: 6, startedAt: 1_700_000_003_500 }),
];
const ROWS = summarize(RECORDS, ["zeta", "alpha"]);

/** CIELAB of an sRGB hex colour, for ΔE76 distances. */
function lab(hex: string): [number, number, number] {
  const channel = (offset: number): number => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [channel(1), channel(3), channel(5)];
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function distance(first: string, second: string): number {
  const [a, b] = [lab(first), lab(second)];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function legendLabels(container: HTMLElement): string[] {
  return within(container.querySelector<HTMLElement>('[data-testid="chart-legend"]')!)
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

async function axisTicks(container: HTMLElement, axis: "x" | "y"): Promise<number[]> {
  const selector = `.recharts-${axis}Axis-tick-labels text`;
  await waitFor(() => expect(container.querySelectorAll(selector).length).toBeGreaterThan(0));
  return Array.from(container.querySelectorAll(selector)).map((tick) => Number((tick.textContent ?? "").replace(/[^\d.]/g, "")));
}

describe("error kind colours", () => {
  it("are their own set: no target colour, far from every one of them, and apart from each other", () => {
    const errorColors = Object.values(ERROR_KIND_COLORS);
    for (const errorColor of errorColors) {
      for (const targetColor of TARGET_PALETTE) expect(distance(errorColor, targetColor), `${errorColor} vs ${targetColor}`).toBeGreaterThanOrEqual(25);
    }
    for (const [index, first] of errorColors.entries()) {
      for (const second of errorColors.slice(index + 1)) expect(distance(first, second), `${first} vs ${second}`).toBeGreaterThanOrEqual(20);
    }
  });

  it("colour the error chart, whose legend names the kinds", async () => {
    const { container } = render(<ErrorBreakdownChart rows={ROWS} targets={TARGETS} />);
    await screen.findByTestId("chart-legend");
    expect(legendLabels(container)).toEqual(["rate_limited", "http_5xx"]);
    const fills = new Set(Array.from(container.querySelectorAll(".recharts-bar-rectangle path")).map((bar) => bar.getAttribute("fill")));
    expect(fills).toEqual(new Set([ERROR_KIND_COLORS.rate_limited, ERROR_KIND_COLORS.http_5xx]));
  });
});

describe("tooltips", () => {
  it("list series in legend order, not by name", () => {
    render(
      <SeriesTooltip
        active
        title="p50"
        entries={[
          { name: "Alpha local", value: 110, color: "#EE6677" },
          { name: "Zeta cloud", value: 210, color: "#4477AA" },
        ]}
        order={["Zeta cloud", "Alpha local"]}
        formatValue={(value) => `${String(value)} ms`}
      />,
    );
    const rows = within(screen.getByTestId("chart-tooltip")).getAllByRole("listitem").map((row) => row.textContent);
    expect(rows).toEqual(["Zeta cloud210 ms", "Alpha local110 ms"]);
  });

  it("name the target of a point on the timeline", () => {
    render(<TimelineTooltip active targets={TARGETS} point={{ targetId: "alpha", offsetSeconds: 2.5, latencyMs: 40, failed: true }} />);
    const tooltip = screen.getByTestId("chart-tooltip");
    expect(tooltip.textContent).toContain("Alpha local");
    expect(tooltip.textContent).toContain("(failed)");
    expect(tooltip.textContent).toContain("2.50 s into the run");
  });
});

describe("the timeline", () => {
  it("has the failure mark in its legend, after the targets in order", async () => {
    const { container } = render(<LatencyTimelineChart columns={recordColumns(RECORDS)} targets={TARGETS} />);
    await screen.findByTestId("chart-legend");
    expect(legendLabels(container)).toEqual(["Zeta cloud", "Alpha local", FAILED_REQUEST_LEGEND]);
    expect(await axisTicks(container, "x")).toEqual([0, 1, 2, 3, 4]);
  });

  it("draws each target's successes as dots and its failures as crosses, in the target's colour", async () => {
    const { container } = render(<LatencyTimelineChart columns={recordColumns(RECORDS)} targets={TARGETS} />);
    await waitFor(() => expect(container.querySelectorAll(".pb-scatter-series path")).not.toHaveLength(0));
    const marks = (target: string) => {
      const series = container.querySelector(`.pb-scatter-series[data-series="${target}"]`)!;
      const subpaths = (path: Element | null): number => (path?.getAttribute("d") ?? "").split("M").length - 1;
      const dots = series.querySelector("path:not([fill='none'])");
      const crosses = series.querySelector("path[fill='none']");
      return { dots: subpaths(dots), crosses: subpaths(crosses) / 2, colours: [dots?.getAttribute("fill"), crosses?.getAttribute("stroke")] };
    };
    const zeta = TARGETS.find((target) => target.id === "zeta")!.color;
    const alpha = TARGETS.find((target) => target.id === "alpha")!.color;
    expect(marks("zeta")).toEqual({ dots: 4, crosses: 1, colours: [zeta, zeta] });
    expect(marks("alpha")).toEqual({ dots: 3, crosses: 1, colours: [alpha, alpha] });
  });

  it("reads its points with the keyboard: along a target left to right, then across to the nearest of the next", async () => {
    const { container } = render(<LatencyTimelineChart columns={recordColumns(RECORDS)} targets={TARGETS} />);
    const plot = await waitFor(() => container.querySelector<SVGRectElement>(".pb-scatter-hover")!);
    expect(plot.getAttribute("tabindex")).toBe("0");
    const press = (key: string): string | null => {
      fireEvent.keyDown(plot, { key });
      return screen.queryByTestId("chart-tooltip")?.textContent ?? null;
    };
    expect(press("ArrowRight")).toBe("0.00 s into the runZeta cloud120 ms");
    expect(press("ArrowRight")).toBe("1.00 s into the runZeta cloud180 ms");
    expect(press("End")).toBe("3.50 s into the runZeta cloud30.0 ms (failed)");
    expect(press("ArrowDown")).toBe("2.50 s into the runAlpha local40.0 ms (failed)");
    expect(press("ArrowLeft")).toBe("2.00 s into the runAlpha local130 ms");
    expect(press("Home")).toBe("0.00 s into the runAlpha local90.0 ms");
    expect(press("ArrowUp")).toBe("0.00 s into the runZeta cloud120 ms");
    expect(press("Escape")).toBeNull();
  });
});

describe("the percentiles chart", () => {
  it("falls on round latency ticks and labels both axes", async () => {
    const { container } = render(<LatencyPercentilesChart rows={ROWS} targets={TARGETS} />);
    expect(await axisTicks(container, "y")).toEqual([0, 200, 400, 600]);
    expect(screen.getByText("Latency (ms)")).toBeTruthy();
    expect(screen.getByText("Percentile")).toBeTruthy();
    expect(legendLabels(container)).toEqual(["Zeta cloud", "Alpha local"]);
  });

  it("draws each figure's 95% interval from the catalogue as an error bar on its bar", async () => {
    // Six values per target: the fewest for which a median has an interval (p90 and p99 need more, so have none).
    const rows = summarize([...recordsWithLatencies("zeta", [120, 150, 180, 210, 240, 587]), ...recordsWithLatencies("alpha", [90, 100, 110, 120, 130, 140])], ["zeta", "alpha"]);
    const { container } = render(<LatencyPercentilesChart rows={rows} targets={TARGETS} />);
    const withInterval = ["latencyP50Ms", "latencyP90Ms", "latencyP99Ms"].flatMap((id) => rows.filter((row) => intervalOf(metricById(id), row) !== null));
    expect(withInterval.length).toBe(rows.length);
    await waitFor(() => expect(container.querySelectorAll(".recharts-errorBar")).toHaveLength(withInterval.length));
    // Zeta's median, 195 ms, spans its interval from the smallest to the largest value: the bar's line goes from one end to the other.
    expect(intervalOf(metricById("latencyP50Ms"), rows[0]!)).toEqual([120, 587]);
  });

  it("has a title unless its section already gives one", () => {
    const { rerender } = render(<LatencyPercentilesChart rows={ROWS} targets={TARGETS} />);
    expect(screen.getByText(LATENCY_PERCENTILES_TITLE)).toBeTruthy();
    rerender(<LatencyPercentilesChart rows={ROWS} targets={TARGETS} captioned={false} />);
    expect(screen.queryByText(LATENCY_PERCENTILES_TITLE)).toBeNull();
  });

  it("is titled and labelled in the live summary of a run in progress", async () => {
    render(<LiveSummary rows={ROWS} scenario={SCENARIO} />);
    expect(screen.getByText(LATENCY_PERCENTILES_TITLE)).toBeTruthy();
    expect(await screen.findByText("Latency (ms)")).toBeTruthy();
  });
});

describe("every compare chart's frame", () => {
  it.each([
    ["Latency percentiles by target", () => <LatencyPercentilesChart rows={ROWS} targets={TARGETS} captioned={false} />],
    ["Latency over the run", () => <LatencyTimelineChart columns={recordColumns(RECORDS)} targets={TARGETS} />],
    ["Failed attempts by kind", () => <ErrorBreakdownChart rows={ROWS} targets={TARGETS} />],
  ])("gives %s its definition behind a ? and SVG and PNG downloads", (title, chart) => {
    render(chart());
    const hint = screen.getByRole("button", { name: `What "${title}" shows` });
    expect(document.getElementById(hint.getAttribute("aria-describedby")!)?.textContent?.length).toBeGreaterThan(40);
    expect(screen.getByRole("button", { name: `Download "${title}" as SVG` })).toBeTruthy();
    expect(screen.getByRole("button", { name: `Download "${title}" as PNG` })).toBeTruthy();
  });
});
