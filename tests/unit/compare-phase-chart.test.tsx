// @vitest-environment happy-dom
// Where the time goes: a stacked bar per target from the catalogue's phase medians, its figures as text,
// the reused share, and "not exposed by the browser" for a target whose phases were not measured.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { summarize } from "../../src/core/stats";
import { PHASE_COLORS } from "../../src/ui/components/ui/target-colors";
import { NOT_EXPOSED, PhaseChart } from "../../src/ui/features/compare/charts/phase-chart";
import { describeTargets } from "../../src/ui/features/compare/target-info";
import { makeRecord, makeScenario } from "./compare-fixtures";

afterEach(cleanup);

describe("PhaseChart", () => {
  it("draws each phase in proportion and says the figures, the reused share and what a browser does not expose", () => {
    const records = [
      makeRecord({ targetId: "cli", connectMs: 10, tlsMs: 30, waitingMs: 100, receivingMs: 260, connectionReused: false }),
      makeRecord({ targetId: "cli", connectMs: null, tlsMs: null, waitingMs: 100, receivingMs: 260, connectionReused: true }),
      makeRecord({ targetId: "browser" }),
    ];
    const rows = summarize(records, ["cli", "browser"]);
    render(<PhaseChart rows={rows} targets={describeTargets(["cli", "browser"], makeScenario(["cli", "browser"]))} />);

    const cli = screen.getByTestId("phase-row-cli");
    const bar = within(cli).getByRole("img");
    expect(bar.getAttribute("aria-label")).toBe("cli: connect 10.0 ms · TLS 30.0 ms · waiting 100 ms · receiving 260 ms");
    const segments = [...bar.querySelectorAll<HTMLElement>(".pb-phase-segment")];
    // 10 + 30 + 100 + 260 = 400 ms is the longest bar: each segment's width is its share of it.
    expect(segments.map((segment) => segment.style.width)).toEqual(["2.5%", "7.5%", "25%", "65%"]);
    expect(segments.map((segment) => segment.style.background)).toEqual(
      [PHASE_COLORS.connect, PHASE_COLORS.tls, PHASE_COLORS.waiting, PHASE_COLORS.receiving].map(asStyleValue),
    );
    expect(cli.textContent).toContain("reused connections 50");

    const browser = screen.getByTestId("phase-row-browser");
    expect(within(browser).queryByRole("img")).toBeNull();
    expect(browser.textContent).toContain(NOT_EXPOSED);
  });
});

/** A colour as the DOM writes it back from a style (hex or rgb(), depending on the DOM implementation). */
function asStyleValue(color: string): string {
  const element = document.createElement("span");
  element.style.background = color;
  return element.style.background;
}
