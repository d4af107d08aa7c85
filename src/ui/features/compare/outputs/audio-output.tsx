import { useState } from "react";
import type { BlobRef } from "../../../../core/tasks";
import { formatBytes } from "../../../components/ui/format";
import { formatSeconds } from "./media-facts";
import { blobUnavailableText, useBlobUrl } from "./use-blob-url";
import "./outputs.css";

/** Generated speech from the blobs table: a player (the browser's own controls, keyboard included) and its duration. */
export function AudioOutput(props: { reference: BlobRef; label: string }) {
  const { reference } = props;
  const blob = useBlobUrl(reference);
  const [durationSeconds, setDurationSeconds] = useState<number | null>(null);
  const duration = formatSeconds(durationSeconds);
  return (
    <figure className="pb-media" data-testid="audio-output">
      {blob.state === "ready" ? (
        <audio controls preload="metadata" src={blob.url} aria-label={props.label} onLoadedMetadata={(event) => setDurationSeconds(event.currentTarget.duration)} />
      ) : (
        <p className="pb-empty">{blobUnavailableText(blob)}</p>
      )}
      <figcaption className="pb-muted" data-testid="audio-facts">
        {duration !== null ? `${duration} · ` : ""}
        {reference.mime} · {formatBytes(reference.bytes)}
      </figcaption>
    </figure>
  );
}
