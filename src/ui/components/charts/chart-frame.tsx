// What every compare chart carries around it: its definition one hover (or focus) away, and downloads
// of the chart as SVG and PNG, made in the browser from the SVG on screen.
import { useId, useRef, useState, type ReactNode } from "react";
import { describeError } from "../../../core/text";
import { chartImage, downloadChartPng, downloadChartSvg, type ChartImage } from "./chart-export";
import type { LegendItem } from "./chart-parts";
import "../ui/ui.css";
import "./charts.css";

/** A "?" that shows a definition on hover and on keyboard focus; screen readers read it as the button's description. */
export function DefinitionHint(props: { label: string; definition: string }) {
  const id = useId();
  return (
    <span className="pb-definition">
      <button type="button" className="pb-definition-button" aria-label={props.label} aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id} className="pb-definition-text">
        {props.definition}
      </span>
    </span>
  );
}

function themeColor(variable: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || fallback;
}

/**
 * The image of the chart drawn inside `container`, or null while recharts has not drawn it yet. The
 * chart's own surface is the largest SVG (legend marks are small SVGs too).
 */
export function imageOfChart(container: HTMLElement, title: string, legend: readonly LegendItem[]): ChartImage | null {
  const surface = container.querySelector<SVGSVGElement>("svg.recharts-surface");
  if (surface === null) return null;
  return chartImage(surface, { title, legend, background: themeColor("--pb-bg", "#ffffff"), foreground: themeColor("--pb-fg", "#1b1f24") });
}

/**
 * `caption`: the title shown above the chart, for a chart no section heading names (the Run page's live
 * summary); otherwise the title names the downloads and the "?" only.
 */
export function ChartFrame(props: { title: string; definition: string; legend: readonly LegendItem[]; children: ReactNode; testId?: string; caption?: boolean }) {
  const { title, definition, legend, children } = props;
  const frame = useRef<HTMLElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const save = (kind: "svg" | "png"): void => {
    setFailure(null);
    const image = frame.current === null ? null : imageOfChart(frame.current, title, legend);
    if (image === null) {
      setFailure("The chart is not drawn yet.");
      return;
    }
    if (kind === "svg") downloadChartSvg(image, title);
    else downloadChartPng(image, title).catch((error: unknown) => setFailure(`The PNG could not be made: ${describeError(error)}`));
  };

  return (
    <figure className="pb-chart pb-chart-frame" ref={frame} data-testid={props.testId} data-chart-title={title}>
      {props.caption === true ? <figcaption className="pb-chart-title">{title}</figcaption> : null}
      <div className="pb-chart-toolbar">
        <DefinitionHint label={`What "${title}" shows`} definition={definition} />
        <button type="button" className="pb-button pb-chart-download" aria-label={`Download "${title}" as SVG`} onClick={() => save("svg")}>
          SVG
        </button>
        <button type="button" className="pb-button pb-chart-download" aria-label={`Download "${title}" as PNG`} onClick={() => save("png")}>
          PNG
        </button>
      </div>
      {failure !== null ? (
        <p className="pb-footnote" role="alert">
          {failure}
        </p>
      ) : null}
      {children}
    </figure>
  );
}
