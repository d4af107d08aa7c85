// A trend chart's keyboard cursor: one point of the chart is in the Tab order; the arrow keys move along a
// line (runs) and across lines (targets), so a keyboard gets through many runs without a Tab stop per point.
import { createContext, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { TrendChartLine } from "./trends-data";

/** Where a chart's keyboard focus is: a line and a point on it. */
export interface PointCursor {
  line: number;
  point: number;
}

/** The first ringed point, else the first target's first run: where Tab enters the chart. */
function firstCursor(lines: readonly TrendChartLine[]): PointCursor {
  for (let line = 0; line < lines.length; line++) {
    const point = lines[line]!.points.findIndex((candidate) => candidate.changeStartsHere);
    if (point >= 0) return { line, point };
  }
  return { line: 0, point: 0 };
}

/** The cursor an arrow key moves to: along the line for ←/→ (Home/End to its ends), to the same run on the next line for ↑/↓. */
export function movedCursor(lines: readonly TrendChartLine[], cursor: PointCursor, key: string): PointCursor | null {
  const line = lines[cursor.line];
  if (line === undefined) return null;
  const last = line.points.length - 1;
  if (key === "ArrowRight") return { line: cursor.line, point: Math.min(last, cursor.point + 1) };
  if (key === "ArrowLeft") return { line: cursor.line, point: Math.max(0, cursor.point - 1) };
  if (key === "Home") return { line: cursor.line, point: 0 };
  if (key === "End") return { line: cursor.line, point: last };
  if (key !== "ArrowUp" && key !== "ArrowDown") return null;
  const next = (cursor.line + (key === "ArrowDown" ? 1 : -1) + lines.length) % lines.length;
  const position = line.points[cursor.point]?.position ?? 0;
  const points = lines[next]!.points;
  // The same run on the other target, else its nearest run.
  let nearest = 0;
  points.forEach((point, index) => {
    if (Math.abs(point.position - position) < Math.abs(points[nearest]!.position - position)) nearest = index;
  });
  return { line: next, point: nearest };
}

/**
 * The keyboard cursor reaches the points through context, not through the dot renderer's props: the
 * renderer stays the same function, so recharts keeps the points (and the focus on one) when it moves.
 */
export interface PointKeys {
  cursor: PointCursor;
  onFocus: (at: PointCursor) => void;
  onKeyDown: (event: KeyboardEvent<Element>, at: PointCursor) => void;
}
export const PointKeysContext = createContext<PointKeys>({ cursor: { line: 0, point: 0 }, onFocus: () => undefined, onKeyDown: () => undefined });

/** The cursor over `lines`, and the surface (the element around the chart) whose point it focuses after an arrow key. */
export function usePointCursor(lines: readonly TrendChartLine[]): { surface: RefObject<HTMLDivElement | null>; pointKeys: PointKeys } {
  const surface = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<PointCursor>(() => firstCursor(lines));
  // Set by an arrow key: the point the cursor moved to takes the focus once it is drawn.
  const focusPending = useRef(false);
  const onPointKey = (event: KeyboardEvent<Element>, at: PointCursor): void => {
    const next = movedCursor(lines, at, event.key);
    if (next === null) return;
    event.preventDefault();
    focusPending.current = true;
    setCursor(next);
  };
  const onPointFocus = (at: PointCursor): void => setCursor((current) => (current.line === at.line && current.point === at.point ? current : at));
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const line = lines[cursor.line];
    const runId = line?.points[cursor.point]?.runId;
    if (line === undefined || runId === undefined) return;
    surface.current?.querySelector<SVGElement>(`a[data-target-id="${CSS.escape(line.targetId)}"][data-run-id="${CSS.escape(runId)}"]`)?.focus();
  }, [cursor, lines]);
  return { surface, pointKeys: { cursor, onFocus: onPointFocus, onKeyDown: onPointKey } };
}
