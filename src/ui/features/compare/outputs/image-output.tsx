import { useState } from "react";
import { formatBytes } from "../../../components/ui/format";
import type { BlobRef } from "../../../../core/tasks";
import { blobUnavailableText, useBlobUrl } from "./use-blob-url";
import "./outputs.css";

/** A generated image from the blobs table, with its size in pixels, its format and its bytes. */
export function ImageOutput(props: { reference: BlobRef }) {
  const { reference } = props;
  const blob = useBlobUrl(reference);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  return (
    <figure className="pb-media" data-testid="image-output">
      {blob.state === "ready" ? (
        <img
          className="pb-media-image"
          src={blob.url}
          alt={`Generated image, ${reference.mime}`}
          onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        />
      ) : (
        <p className="pb-empty">{blobUnavailableText(blob)}</p>
      )}
      <figcaption className="pb-muted" data-testid="image-facts">
        {size !== null ? `${size.width} × ${size.height} px · ` : ""}
        {reference.mime} · {formatBytes(reference.bytes)}
      </figcaption>
    </figure>
  );
}
