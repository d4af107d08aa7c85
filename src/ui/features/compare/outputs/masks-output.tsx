import { useId, useState } from "react";
import type { Segment } from "../../../../core/outputs";
import type { BlobRef } from "../../../../core/tasks";
import { InputImage } from "./input-image";
import { formatScore } from "./score-text";
import "./outputs.css";

/**
 * Segmentation masks over the input image, one shown at a time (chosen with radio buttons, so the keyboard
 * picks them too). A mask is the provider's PNG, checked to be base64 only, shown as an image: never markup.
 */
export function MasksOutput(props: { segments: readonly Segment[]; image: BlobRef | null }) {
  const { segments } = props;
  const name = useId();
  const [shown, setShown] = useState(0);
  const current = segments[shown];
  return (
    <div data-testid="masks-output">
      <InputImage
        image={props.image}
        label="Input image with a segmentation mask over it"
        overlay={() => (current === undefined ? null : <img className="pb-overlay pb-mask" src={`data:image/png;base64,${current.maskBase64Png}`} alt="" data-testid="mask-overlay" />)}
      />
      {segments.length === 0 ? (
        <p className="pb-empty">No segments.</p>
      ) : (
        <fieldset className="pb-segments">
          <legend>Mask shown</legend>
          {segments.map((segment, index) => (
            <label key={index} className="pb-checkbox">
              <input type="radio" name={name} checked={index === shown} onChange={() => setShown(index)} />
              {segment.label} <span className="pb-muted">{formatScore(segment.score)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
