// happy-dom has no layout, so every element reports a height of 0 and a virtualised list renders nothing.
// Tests of such lists give their scroll viewport (the element with `className`) its CSS height, and
// take the stub away after their file.
import { afterAll, beforeAll } from "vitest";

export function stubViewportHeight(className: string, heightPx: number): void {
  let descriptor: PropertyDescriptor | undefined;
  beforeAll(() => {
    descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
    Object.defineProperty(HTMLElement.prototype, "clientHeight", {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains(className) ? heightPx : 0;
      },
    });
  });
  afterAll(() => {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, "clientHeight", descriptor);
  });
}
