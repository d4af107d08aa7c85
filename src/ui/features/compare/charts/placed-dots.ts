// The points of a scatter placed in pixels on the chart's axes: drawn as one path per series (dots, and
// crosses for the points marked so), sorted left to right for the arrow keys, and searched for the one
// nearest the pointer.
import { useMemo, type PointerEvent } from "react";
import { useXAxisScale, useYAxisScale } from "recharts";

export interface DotSeries<Point> {
  key: string;
  color: string;
  points: readonly Point[];
}

/** A point, placed in pixels, with where it came from. */
export interface Placed {
  series: number;
  index: number;
  x: number;
  y: number;
}

export interface PlacedDots {
  /** Per series, in the series' order. */
  paths: { dots: string; crosses: string }[];
  /** Each series' drawn points, from left to right. */
  byX: Placed[][];
  count: number;
}

const CROSS_HALF_SIZE = 4;

function dotPath(x: number, y: number, radius: number): string {
  return `M${x - radius},${y}a${radius},${radius} 0 1,0 ${2 * radius},0a${radius},${radius} 0 1,0 ${-2 * radius},0`;
}

function crossPath(x: number, y: number): string {
  const s = CROSS_HALF_SIZE;
  return `M${x - s},${y - s}L${x + s},${y + s}M${x - s},${y + s}L${x + s},${y - s}`;
}

/** Null until the chart's numeric axes have their scales. Rendered inside a recharts chart. */
export function usePlacedDots<Point>(
  series: readonly DotSeries<Point>[],
  x: (point: Point) => number,
  y: (point: Point) => number,
  isCross: ((point: Point) => boolean) | undefined,
  radius: number,
): PlacedDots | null {
  const xScale = useXAxisScale();
  const yScale = useYAxisScale();
  return useMemo(() => {
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
}

/** The drawn point nearest the pointer over the plot's hover area (which covers the plot exactly). */
export function nearestToPointer(
  byX: readonly (readonly Placed[])[],
  plot: { x: number; y: number; width: number; height: number },
  event: PointerEvent<SVGRectElement>,
): Placed | null {
  const box = event.currentTarget.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const px = plot.x + ((event.clientX - box.left) * plot.width) / box.width;
  const py = plot.y + ((event.clientY - box.top) * plot.height) / box.height;
  let best: Placed | null = null;
  let bestDistance = Infinity;
  for (const line of byX) {
    for (const point of line) {
      const distance = (point.x - px) ** 2 + (point.y - py) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [point, distance];
    }
  }
  return best;
}
