// Box agreement for object detection: intersection over union of boxes matched between two outputs.
import { readBoxes, type DetectedBox } from "../outputs";

type Box = Pick<DetectedBox, "xmin" | "ymin" | "xmax" | "ymax">;

/** Area of the overlap / area of the union; 0 when they do not overlap (or both have no area). */
export function intersectionOverUnion(a: Box, b: Box): number {
  const width = Math.min(a.xmax, b.xmax) - Math.max(a.xmin, b.xmin);
  const height = Math.min(a.ymax, b.ymax) - Math.max(a.ymin, b.ymin);
  const intersection = width > 0 && height > 0 ? width * height : 0;
  const union = (a.xmax - a.xmin) * (a.ymax - a.ymin) + (b.xmax - b.xmin) * (b.ymax - b.ymin) - intersection;
  return union > 0 ? intersection / union : 0;
}

/**
 * Boxes of the same label are matched one to one, greedily, the overlapping pair with the highest IoU
 * first. The figure is the sum of the matched pairs' IoU over the larger of the two box counts, so a box
 * one side found and the other did not counts 0. Both sides finding nothing is full agreement (1).
 */
export function matchedBoxIou(a: readonly DetectedBox[], b: readonly DetectedBox[]): number {
  const larger = Math.max(a.length, b.length);
  if (larger === 0) return 1;
  const candidates: { i: number; j: number; iou: number }[] = [];
  a.forEach((boxA, i) => {
    b.forEach((boxB, j) => {
      if (boxA.label !== boxB.label) return;
      const iou = intersectionOverUnion(boxA, boxB);
      if (iou > 0) candidates.push({ i, j, iou });
    });
  });
  candidates.sort((x, y) => y.iou - x.iou);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let total = 0;
  for (const { i, j, iou } of candidates) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    total += iou;
  }
  return total / larger;
}

/** Between two outputs; null when either is not a list of boxes. */
export function detectionBoxIou(a: unknown, b: unknown): number | null {
  const boxesA = readBoxes(a);
  const boxesB = readBoxes(b);
  return boxesA === null || boxesB === null ? null : matchedBoxIou(boxesA, boxesB);
}
