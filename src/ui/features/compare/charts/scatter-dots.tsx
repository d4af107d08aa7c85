// Many points drawn inside a recharts chart as one path per series. Recharts' own <Scatter> builds
// several components and a DOM node per point: the two scatter charts of a large run (750 points per
// target each) took over a second of its Compare page to draw. A path of arcs is one node per series.
// Hovering anywhere in the plot shows the nearest point's tooltip, as recharts' scatter tooltip did
// for the point under the pointer. The plot is one Tab stop: ←/→ move along a target's points from
// left to right (Home/End to its ends), ↑/↓ to the nearest point of the next target, Escape leaves.
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { usePlotArea } from "recharts";
import { nearestToPointer, usePlacedDots, type DotSeries, type Placed, type PlacedDots } from "./placed-dots";
import type { TargetInfo } from "../target-info";

/** One series per target, in the targets' order and colours, from per-target points in that order. */
export function dotSeriesOfTargets<Point>(targets: readonly TargetInfo[], byTarget: readonly { points: readonly Point[] }[]): DotSeries<Point>[] {
  return targets.map((target, index) => ({ key: target.id, color: target.color, points: byTarget[index]?.points ?? [] }));
}

type PlotBox = { x: number; y: number; width: number; height: number };

/** Room kept for the tooltip beside the hovered point. */
const TOOLTIP_BOX = { width: 240, height: 96, gap: 10 };

/**
 * Where the tooltip box goes: right of the point, else left of it (the box then hugs the point), else,
 * on a plot too narrow for either (a phone), across it above the point, or below where there is no room above.
 */
export function tooltipPlacement(point: { x: number; y: number }, plot: PlotBox): { x: number; y: number; hugLeft: boolean } {
  const { width, height, gap } = TOOLTIP_BOX;
  const right = plot.x + plot.width;
  const besideY = Math.max(plot.y, Math.min(point.y - height / 2, plot.y + plot.height - height));
  if (point.x + gap + width <= right) return { x: point.x + gap, y: besideY, hugLeft: false };
  if (point.x - gap - width >= plot.x) return { x: point.x - gap - width, y: besideY, hugLeft: true };
  const acrossX = Math.max(plot.x, Math.min(point.x - width / 2, right - width));
  const above = point.y - gap - height;
  return { x: acrossX, y: above >= plot.y ? above : point.y + gap, hugLeft: false };
}

/**
 * Where an arrow key moves the cursor: along its series for ←/→ (Home/End to the ends), to the point of
 * the next or previous series nearest in x for ↑/↓; the first point of the first series with any when
 * there is no cursor yet. Undefined for other keys.
 */
export function movedPoint(byX: readonly (readonly Placed[])[], cursor: Placed | null, key: string): Placed | undefined {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key)) return undefined;
  if (cursor === null) return byX.find((points) => points.length > 0)?.[0];
  const line = byX[cursor.series] ?? [];
  const at = line.indexOf(cursor);
  if (key === "ArrowRight") return line[Math.min(line.length - 1, at + 1)];
  if (key === "ArrowLeft") return line[Math.max(0, at - 1)];
  if (key === "Home") return line[0];
  if (key === "End") return line.at(-1);
  const step = key === "ArrowDown" ? 1 : -1;
  for (let offset = 1; offset < byX.length; offset++) {
    const other = byX[(cursor.series + step * offset + byX.length * offset) % byX.length]!;
    if (other.length === 0) continue;
    return other.reduce((best, point) => (Math.abs(point.x - cursor.x) < Math.abs(best.x - cursor.x) ? point : best));
  }
  return cursor;
}

function SeriesPaths<Point>(props: { series: readonly DotSeries<Point>[]; paths: PlacedDots["paths"]; opacity: number }) {
  return (
    <>
      {props.series.map((entry, seriesIndex) => (
        <g key={entry.key} className="pb-scatter-series" data-series={entry.key}>
          {props.paths[seriesIndex]!.dots === "" ? null : <path d={props.paths[seriesIndex]!.dots} fill={entry.color} fillOpacity={props.opacity} />}
          {props.paths[seriesIndex]!.crosses === "" ? null : <path d={props.paths[seriesIndex]!.crosses} stroke={entry.color} strokeWidth={2} fill="none" />}
        </g>
      ))}
    </>
  );
}

/** The hovered point ringed in its series' colour, and its tooltip beside it. */
function HoveredPoint<Point>(props: {
  hovered: Placed;
  series: readonly DotSeries<Point>[];
  plot: PlotBox;
  radius: number;
  tooltip: (point: Point, seriesKey: string) => ReactNode;
}) {
  const { hovered, plot, radius, tooltip } = props;
  const series = props.series[hovered.series];
  const point = series?.points[hovered.index];
  if (series === undefined || point === undefined) return null;
  const placement = tooltipPlacement(hovered, plot);
  return (
    <g pointerEvents="none">
      <circle cx={hovered.x} cy={hovered.y} r={radius + 4} fill="none" stroke={series.color} strokeWidth={2} />
      <foreignObject x={placement.x} y={placement.y} width={TOOLTIP_BOX.width} height={TOOLTIP_BOX.height} style={{ overflow: "visible" }}>
        <div style={{ display: "flex", justifyContent: placement.hugLeft ? "flex-end" : "flex-start" }}>{tooltip(point, series.key)}</div>
      </foreignObject>
    </g>
  );
}

/** Rendered as a child of a recharts chart with numeric axes: it reads their scales. */
export function ScatterDots<Point>(props: {
  series: readonly DotSeries<Point>[];
  x: (point: Point) => number;
  y: (point: Point) => number;
  /** Points drawn as a cross rather than a dot (the timeline's failed requests). */
  isCross?: (point: Point) => boolean;
  radius?: number;
  opacity?: number;
  tooltip: (point: Point, seriesKey: string) => ReactNode;
}) {
  const { series, x, y, isCross, radius = 2, opacity = 0.7, tooltip } = props;
  const plot = usePlotArea();
  const [hovered, setHovered] = useState<Placed | null>(null);
  const drawn = usePlacedDots(series, x, y, isCross, radius);

  if (drawn === null || plot === undefined) return null;

  const onKeyDown = (event: KeyboardEvent<SVGRectElement>): void => {
    if (event.key === "Escape") return setHovered(null);
    const next = movedPoint(drawn.byX, hovered, event.key);
    if (next === undefined) return;
    event.preventDefault();
    setHovered(next);
  };

  return (
    <g className="pb-scatter-dots">
      <SeriesPaths series={series} paths={drawn.paths} opacity={opacity} />
      <rect
        className="pb-scatter-hover"
        x={plot.x}
        y={plot.y}
        width={plot.width}
        height={plot.height}
        fill="transparent"
        onPointerMove={(event) => setHovered(nearestToPointer(drawn.byX, plot, event))}
        onPointerLeave={() => setHovered(null)}
        tabIndex={0}
        role="application"
        aria-label={`${drawn.count} points. Arrow keys move between them: left and right along a target, up and down across targets.`}
        onKeyDown={onKeyDown}
        onBlur={() => setHovered(null)}
      />
      {/* A live region that stays mounted, so a screen reader reads each point the keys move to. */}
      <g aria-live="polite">{hovered === null ? null : <HoveredPoint hovered={hovered} series={series} plot={plot} radius={radius} tooltip={tooltip} />}</g>
    </g>
  );
}
