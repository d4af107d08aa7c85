import type { DetectedBox } from "../../../../core/outputs";
import type { BlobRef } from "../../../../core/tasks";
import { InputImage, type ImageSize } from "./input-image";
import { formatScore } from "./score-text";
import "./outputs.css";

/** Boxes in the image's pixels, as an SVG built from numbers only; labels are text nodes. */
export function BoxesOverlay(props: { boxes: readonly DetectedBox[]; size: ImageSize }) {
  const { boxes, size } = props;
  return (
    <svg className="pb-overlay" viewBox={`0 0 ${size.width} ${size.height}`} preserveAspectRatio="none" aria-hidden="true" data-testid="boxes-overlay">
      {boxes.map((box, index) => (
        <g key={index}>
          <rect className="pb-box" x={box.xmin} y={box.ymin} width={box.xmax - box.xmin} height={box.ymax - box.ymin} vectorEffect="non-scaling-stroke" />
          <text className="pb-box-label" x={box.xmin} y={box.ymin} dy="1em" fontSize={Math.max(10, size.height / 30)}>
            {box.label}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Detected objects drawn over the input image, then listed (the list is what a screen reader reads). */
export function BoxesOutput(props: { boxes: readonly DetectedBox[]; image: BlobRef | null }) {
  const { boxes } = props;
  return (
    <div data-testid="boxes-output">
      <InputImage image={props.image} label={`Input image with ${boxes.length} detected objects`} overlay={(size) => <BoxesOverlay boxes={boxes} size={size} />} />
      {boxes.length === 0 ? (
        <p className="pb-empty">No objects detected.</p>
      ) : (
        <ul className="pb-entity-list" aria-label="Detected objects">
          {boxes.map((box, index) => (
            <li key={index}>
              <span className="pb-entity-label">{box.label}</span> {formatScore(box.score)}{" "}
              <span className="pb-muted">
                ({Math.round(box.xmin)}, {Math.round(box.ymin)}) – ({Math.round(box.xmax)}, {Math.round(box.ymax)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
