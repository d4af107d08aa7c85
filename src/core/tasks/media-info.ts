// What a file's header says about it, without decoding it: an image's format and size, a recording's
// duration. Enough for per-image and per-audio-second figures (docs/metrics.md, "Images and audio") and
// for showing "PNG 512×512" or "WAV 3.2 s" beside an output. Pure: bytes in, facts or null out.

export interface ImageInfo {
  format: "png" | "jpeg" | "gif" | "webp";
  width: number;
  height: number;
}

export interface AudioInfo {
  format: "wav" | "flac";
  durationSeconds: number;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const data = view(bytes);
  if (bytes.length >= 24 && data.getUint32(0) === 0x89504e47 && ascii(bytes, 12, 4) === "IHDR") {
    return { format: "png", width: data.getUint32(16), height: data.getUint32(20) };
  }
  if (bytes.length >= 10 && ascii(bytes, 0, 4) === "GIF8") {
    return { format: "gif", width: data.getUint16(6, true), height: data.getUint16(8, true) };
  }
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webpInfo(bytes, data);
  if (bytes.length >= 4 && data.getUint16(0) === 0xffd8) return jpegInfo(bytes, data);
  return null;
}

function webpInfo(bytes: Uint8Array, data: DataView): ImageInfo | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8X") return { format: "webp", width: 1 + (data.getUint32(24, true) & 0xffffff), height: 1 + (data.getUint32(27, true) & 0xffffff) };
  if (chunk === "VP8 ") return { format: "webp", width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = data.getUint32(21, true);
    return { format: "webp", width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** Walks the markers to the first start-of-frame, which holds the size. */
function jpegInfo(bytes: Uint8Array, data: DataView): ImageInfo | null {
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { format: "jpeg", height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) };
    offset += 2 + data.getUint16(offset + 2);
  }
  return null;
}

export function audioInfo(bytes: Uint8Array): AudioInfo | null {
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return wavInfo(bytes);
  if (bytes.length >= 26 && ascii(bytes, 0, 4) === "fLaC") return flacInfo(bytes);
  return null;
}

function wavInfo(bytes: Uint8Array): AudioInfo | null {
  const data = view(bytes);
  let byteRate = 0;
  let dataBytes = -1;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = data.getUint32(offset + 4, true);
    if (id === "fmt " && offset + 20 <= bytes.length) byteRate = data.getUint32(offset + 16, true);
    // A streamed WAV may announce more than it holds (or 0xFFFFFFFF): count what is there.
    if (id === "data") dataBytes = Math.min(size, bytes.length - offset - 8);
    offset += 8 + size + (size % 2);
  }
  return byteRate > 0 && dataBytes >= 0 ? { format: "wav", durationSeconds: dataBytes / byteRate } : null;
}

/** STREAMINFO, the first metadata block: sample rate (20 bits) and total samples (36 bits). */
function flacInfo(bytes: Uint8Array): AudioInfo | null {
  const data = view(bytes);
  if (((bytes[4] as number) & 0x7f) !== 0) return null;
  const sampleRate = data.getUint32(18) >>> 12;
  const totalSamples = ((bytes[21] as number) & 0x0f) * 2 ** 32 + data.getUint32(22);
  return sampleRate > 0 && totalSamples > 0 ? { format: "flac", durationSeconds: totalSamples / sampleRate } : null;
}
