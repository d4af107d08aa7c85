// Many points drawn inside a recharts chart as one path per series. Recharts' own <Scatter> builds
// several components and a DOM node per point: the two scatter charts of a large run (750 points per
// target each) took over a second of its Compare page to draw. A path of arcs is one node per series.
// Hovering anywhere in the plot shows the nearest point's tooltip, as recharts' scatter tooltip did
// for the point under the pointer. The plot is one Tab stop: ←/→ move along a target's points from
// left to right (Home/End to its ends), ↑/↓ to the nearest point of the next target, Escape leaves.
import { useMemo, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { usePlotArea, useXAxisScale, useYAxisScale } from "recharts";
import type { TargetInfo } from "../target-info";

export interface DotSeries<Point> {
  key: string;
  color: string;
  points: readonly Point[];
}

/** One series per target, in the targets' order and colours, from per-target points in that order. */
export function dotSeriesOfTargets<Point>(targets: readonly TargetInfo[], byTarget: readonly { points: readonly Point[] }[]): DotSeries<Point>[] {
  return targets.map((target, index) => ({ key: target.id, color: target.color, points: byTarget[index]?.points ?? [] }));
}

/** A point, placed in pixels, with where it came from. */
export interface Placed {
  series: number;
  index: number;
  x: number;
  y: number;
}

/** Room kept for the tooltip beside the hovered point. */
const TOOLTIP_BOX = { width: 240, height: 96, gap: 10 };

/**
 * Where the tooltip box goes: right of the point, else left of it (the box then hugs the point), else,
 * on a plot too narrow for either (a phone), across it above the point, or below where there is no room above.
 */
export function tooltipPlacement(point: { x: number; y: number }, plot: { x: number; y: number; width: number; height: number }): { x: number; y: number; hugLeft: boolean } {
  const { width, height, gap } = TOOLTIP_BOX;
  const right = plot.x + plot.width;
  const besideY = Math.max(plot.y, Math.min(point.y - height / 2, plot.y + plot.height - height));
  if (point.x + gap + width <= right) return { x: point.x + gap, y: besideY, hugLeft: false };
  if (point.x - gap - width >= plot.x) return { x: point.x - gap - width, y: besideY, hugLeft: true };
  const acrossX = Math.max(plot.x, Math.min(point.x - width / 2, right - width));
  const above = point.y - gap - height;
  return { x: acrossX, y: above >= plot.y ? above : point.y + gap, hugLeft: false };
}

const CROSS_HALF_SIZE = 4;

function dotPath(x: number, y: number, radius: number): string {
  return `M${x - radius},${y}a${radius},${radius} 0 1,0 ${2 * radius},0a${radius},${radius} 0 1,0 ${-2 * radius},0`;
}

function crossPath(x: number, y: number): string {
  const s = CROSS_HALF_SIZE;
  return `M${x - s},${y - s}L${x + s},${y + s}M${x - s},${y + s}L${x + s},${y - s}`;
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
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  const plot = usePlotArea();
  const [hovered, setHovered] = useState<Placed | null>(null);

  const drawn = useMemo(() => {
    if (xScale === undefined || yScale === undefined) return null;
    const paths: { dots: string; crosses: string }[] = [];
    // Each series' drawn points, from left to right for the arrow keys; the pointer searches them all.
    const byX = series.map((entry, seriesIndex) => {
      let dots = "";
      let crosses = "";
      const line: Placed[] = [];
      entry.points.forEach((point, index) => {
        const px = xScale(x(point));
        const py = yScale(y(point));
        if (px === undefined || py === undefined || !Number.isFinite(px) || !Number.isFinite(py)) return;
        line.push({ series: seriesIndex, index, x: px, y: py });
        if (isCross?.(point)) crosses += crossPath(px, py);
        else dots += dotPath(px, py, radius);
      });
      paths.push({ dots, crosses });
      return line.sort((a, b) => a.x - b.x);
    });
    return { paths, byX, count: byX.reduce((total, line) => total + line.length, 0) };
  }, [series, x, y, isCross, radius, xScale, yScale]);

  if (drawn === null || plot === undefined) return null;

  const nearest = (event: PointerEvent<SVGRectElement>): Placed | null => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const px = plot.x + ((event.clientX - box.left) * plot.width) / box.width;
    const py = plot.y + ((event.clientY - box.top) * plot.height) / box.height;
    let best: Placed | null = null;
    let bestDistance = Infinity;
    for (const line of drawn.byX) {
      for (const point of line) {
        const distance = (point.x - px) ** 2 + (point.y - py) ** 2;
        if (distance < bestDistance) [best, bestDistance] = [point, distance];
      }
    }
    return best;
  };

  const onKeyDown = (event: KeyboardEvent<SVGRectElement>): void => {
    if (event.key === "Escape") return setHovered(null);
    const next = movedPoint(drawn.byX, hovered, event.key);
    if (next === undefined) return;
    event.preventDefault();
    setHovered(next);
  };

  const hoveredSeries = hovered === null ? undefined : series[hovered.series];
  const hoveredPoint = hovered === null ? undefined : hoveredSeries?.points[hovered.index];
  const placement = hovered === null ? null : tooltipPlacement(hovered, plot);
  return (
    <g className="pb-scatter-dots">
      {series.map((entry, seriesIndex) => (
        <g key={entry.key} className="pb-scatter-series" data-series={entry.key}>
          {drawn.paths[seriesIndex]!.dots === "" ? null : <path d={drawn.paths[seriesIndex]!.dots} fill={entry.color} fillOpacity={opacity} />}
          {drawn.paths[seriesIndex]!.crosses === "" ? null : <path d={drawn.paths[seriesIndex]!.crosses} stroke={entry.color} strokeWidth={2} fill="none" />}
        </g>
      ))}
      <rect
        className="pb-scatter-hover"
        x={plot.x}
        y={plot.y}
        width={plot.width}
        height={plot.height}
        fill="transparent"
        onPointerMove={(event) => setHovered(nearest(event))}
        onPointerLeave={() => setHovered(null)}
        tabIndex={0}
        role="application"
        aria-label={`${drawn.count} points. Arrow keys move between them: left and right along a target, up and down across targets.`}
        onKeyDown={onKeyDown}
        onBlur={() => setHovered(null)}
      />
      {/* A live region that stays mounted, so a screen reader reads each point the keys move to. */}
      <g aria-live="polite">
        {hovered !== null && placement !== null && hoveredSeries !== undefined && hoveredPoint !== undefined ? (
          <g pointerEvents="none">
            <circle cx={hovered.x} cy={hovered.y} r={radius + 4} fill="none" stroke={hoveredSeries.color} strokeWidth={2} />
            <foreignObject x={placement.x} y={placement.y} width={TOOLTIP_BOX.width} height={TOOLTIP_BOX.height} style={{ overflow: "visible" }}>
              <div style={{ display: "flex", justifyContent: placement.hugLeft ? "flex-end" : "flex-start" }}>{tooltip(hoveredPoint, hoveredSeries.key)}</div>
            </foreignObject>
          </g>
        ) : null}
      </g>
    </g>
  );
}
