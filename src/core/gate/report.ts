// The gate's verdicts as a CI job reads them: a Markdown table for a job summary, JUnit XML for a test report.
import { formatValueIn } from "../text";
import { pairedMetricById } from "../stats";
import type { GateLine } from "./judge";

/** A line's values in its own unit: a percentile in the metric's unit, a failure rate as a percentage. */
function valueText(line: GateLine, value: number | null): string {
  if (value === null) return "—";
  if (line.allowance.metric.kind === "failureRate") return formatValueIn("fraction", value);
  return formatValueIn(pairedMetricById(line.allowance.metric.metric).unit, value);
}

export function worseningText(line: GateLine): string {
  if (line.worsening === null) return "—";
  if (line.allowance.kind === "points") return `${line.worsening >= 0 ? "+" : "−"}${Math.abs(line.worsening * 100).toFixed(1)}pt`;
  if (!Number.isFinite(line.worsening)) return "worse (baseline 0)";
  // The sign is the direction: an improvement reads "better", never as a negative share "worse".
  const share = `${Math.abs(line.worsening * 100).toFixed(1)}%`;
  return line.worsening > 0 ? `+${share} worse` : line.worsening < 0 ? `${share} better` : "no change";
}

function pText(pValue: number | null): string {
  if (pValue === null) return "—";
  return pValue < 0.001 ? "< 0.001" : pValue.toFixed(3);
}

/** The columns every view of the gate shows, in order. */
export const GATE_COLUMNS = ["target", "metric", "baseline", "new", "change", "allowed", "p worse than allowed (Holm)", "verdict"] as const;

export function gateRows(lines: readonly GateLine[], targetLabel: (targetId: string) => string): string[][] {
  return lines.map((line) => [
    targetLabel(line.targetId),
    line.metric,
    valueText(line, line.baseline),
    valueText(line, line.current),
    worseningText(line),
    line.allowance.text,
    pText(line.pValue),
    line.verdict,
  ]);
}

/** Markdown escapes for a table cell: pipes would split it, and no HTML is ever passed through. */
function markdownCell(text: string): string {
  return text.replace(/[\\|`*_<>[\]]/g, (character) => `\\${character}`).replace(/[\r\n]+/g, " ");
}

export function gateMarkdown(lines: readonly GateLine[], targetLabel: (targetId: string) => string): string {
  const regressed = lines.filter((line) => line.verdict === "regressed").length;
  const heading = regressed > 0 ? `**Regression gate failed**: ${regressed} of ${lines.length} checks regressed beyond their allowance.` : `**Regression gate passed**: no check regressed beyond its allowance (${lines.length} checked).`;
  const rows = gateRows(lines, targetLabel).map((row) => `| ${row.map(markdownCell).join(" | ")} |`);
  return [heading, "", `| ${GATE_COLUMNS.join(" | ")} |`, `|${GATE_COLUMNS.map(() => " --- ").join("|")}|`, ...rows, ""].join("\n");
}

function xmlText(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped; the five special ones escaped.
  return text
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** JUnit XML: one test case per target and metric; a regression is a failure, an untested line is skipped. */
export function gateJunit(lines: readonly GateLine[], targetLabel: (targetId: string) => string): string {
  const failures = lines.filter((line) => line.verdict === "regressed").length;
  const skipped = lines.filter((line) => line.verdict === "untested").length;
  const cases = lines.map((line) => {
    const [target, metric, baseline, current, change, allowed, p] = gateRows([line], targetLabel)[0]!;
    const message = `${metric} of ${target}: ${baseline} → ${current} (${change}, allowed ${allowed}, p ${p})`;
    const open = `    <testcase classname="${xmlText(`regression-gate.${line.targetId}`)}" name="${xmlText(line.metric)}" time="0"`;
    if (line.verdict === "regressed") return `${open}>\n      <failure message="${xmlText(message)}" type="regression">${xmlText(message)}</failure>\n    </testcase>`;
    if (line.verdict === "untested") return `${open}>\n      <skipped message="${xmlText(`${metric} of ${target}: too few values to test`)}"/>\n    </testcase>`;
    return `${open}/>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="ProviderBench regression gate" tests="${lines.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="regression-gate" tests="${lines.length}" failures="${failures}" skipped="${skipped}" errors="0">`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}
