import { useState, type ReactNode } from "react";
import type { BlobRef } from "../../../../core/tasks";
import { blobUnavailableText, useBlobUrl } from "./use-blob-url";
import "./outputs.css";

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The input image with something drawn over it in the image's own pixels: `overlay` gets the natural
 * size once the image has loaded, and is stretched over the image as it is shown (any width).
 */
export function InputImage(props: { image: BlobRef | null; label: string; overlay: (size: ImageSize) => ReactNode }) {
  const blob = useBlobUrl(props.image);
  const [size, setSize] = useState<ImageSize | null>(null);
  if (blob.state !== "ready") return <p className="pb-empty">Input image: {blobUnavailableText(blob)}</p>;
  return (
    <div className="pb-overlay-frame">
      <img className="pb-media-image" src={blob.url} alt={props.label} onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })} />
      {size !== null && props.overlay(size)}
    </div>
  );
}
