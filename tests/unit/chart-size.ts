// happy-dom lays nothing out: a ResizeObserver that reports a chart-sized box lets recharts draw. Call once at
// the top of a chart test file; the real ResizeObserver comes back after the file's tests.
import { afterAll, beforeAll } from "vitest";

export function giveChartsASize(width = 600, height = 260): void {
  const realResizeObserver = globalThis.ResizeObserver;
  beforeAll(() => {
    globalThis.ResizeObserver = class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element): void {
        this.callback([{ target, contentRect: { width, height } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve(): void {}
      disconnect(): void {}
    } as unknown as typeof ResizeObserver;
  });
  afterAll(() => {
    globalThis.ResizeObserver = realResizeObserver;
  });
}
