// What a call's images and audio add to its record (inputAudioSeconds, outputAudioSeconds, outputImages:
// docs/metrics.md, "Images and audio"), read from the files' headers, never from the provider's word.
import { audioInfo, imageInfo } from "./media-info";

export interface MediaFigures {
  inputAudioSeconds: number | null;
  outputAudioSeconds: number | null;
  outputImages: number | null;
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/** Seconds of audio in an input: the input itself or one of its parts, when it is a readable recording. */
export async function inputAudioSecondsOf(value: unknown): Promise<number | null> {
  const blobs = value instanceof Blob ? [value] : typeof value === "object" && value !== null ? Object.values(value).filter((part): part is Blob => part instanceof Blob) : [];
  let seconds: number | null = null;
  for (const blob of blobs) {
    const info = audioInfo(await bytesOf(blob));
    if (info !== null) seconds = (seconds ?? 0) + info.durationSeconds;
  }
  return seconds;
}

/** Adds up the binary outputs of one call as they are kept: audio seconds and images. */
export function outputMediaCounter(): { observe(blob: Blob): Promise<void>; figures(): Pick<MediaFigures, "outputAudioSeconds" | "outputImages"> } {
  let outputAudioSeconds: number | null = null;
  let outputImages: number | null = null;
  return {
    async observe(blob) {
      const bytes = await bytesOf(blob);
      const audio = audioInfo(bytes);
      if (audio !== null) outputAudioSeconds = (outputAudioSeconds ?? 0) + audio.durationSeconds;
      else if (imageInfo(bytes) !== null || blob.type.startsWith("image/")) outputImages = (outputImages ?? 0) + 1;
    },
    figures: () => ({ outputAudioSeconds, outputImages }),
  };
}
