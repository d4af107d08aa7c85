// A tiny WAV (RIFF, 16-bit PCM, mono) writer and reader: the sandbox's speech comes out as WAV, and a
// WAV sent for transcription tells its duration and, when the sandbox made it, what it says
// (a `LIST`/`INFO` chunk's `ICMT` comment, which any audio tool leaves alone).

export interface WavInfo {
  sampleRate: number;
  channels: number;
  durationSeconds: number;
  /** The `ICMT` comment of the `LIST`/`INFO` chunk, when there is one. */
  comment: string | null;
}

function padded(length: number): number {
  return length + (length % 2);
}

function infoChunk(comment: string): Buffer {
  const text = Buffer.from(`${comment}\0`, "utf8");
  const icmt = Buffer.alloc(8 + padded(text.length));
  icmt.write("ICMT", 0, "latin1");
  icmt.writeUInt32LE(text.length, 4);
  text.copy(icmt, 8);
  const list = Buffer.alloc(12);
  list.write("LIST", 0, "latin1");
  list.writeUInt32LE(4 + icmt.length, 4);
  list.write("INFO", 8, "latin1");
  return Buffer.concat([list, icmt]);
}

export function encodeWav(samples: Int16Array, sampleRate: number, comment?: string): Buffer {
  const format = Buffer.alloc(24);
  format.write("fmt ", 0, "latin1");
  format.writeUInt32LE(16, 4);
  format.writeUInt16LE(1, 8); // PCM
  format.writeUInt16LE(1, 10); // mono
  format.writeUInt32LE(sampleRate, 12);
  format.writeUInt32LE(sampleRate * 2, 16); // bytes per second
  format.writeUInt16LE(2, 20); // bytes per frame
  format.writeUInt16LE(16, 22); // bits per sample
  const info = comment === undefined ? Buffer.alloc(0) : infoChunk(comment);
  const data = Buffer.alloc(8 + samples.length * 2);
  data.write("data", 0, "latin1");
  data.writeUInt32LE(samples.length * 2, 4);
  samples.forEach((sample, index) => data.writeInt16LE(sample, 8 + index * 2));
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(4 + format.length + info.length + data.length, 4);
  header.write("WAVE", 8, "latin1");
  return Buffer.concat([header, format, info, data]);
}

/** The duration and comment of a RIFF/WAVE file, or null for anything else. */
export function readWavInfo(bytes: Uint8Array): WavInfo | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.length < 12 || buffer.toString("latin1", 0, 4) !== "RIFF" || buffer.toString("latin1", 8, 12) !== "WAVE") return null;
  let byteRate = 0;
  let sampleRate = 0;
  let channels = 0;
  let dataBytes = 0;
  let comment: string | null = null;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString("latin1", offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt " && body + 16 <= buffer.length) {
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
      byteRate = buffer.readUInt32LE(body + 8);
    } else if (id === "data") {
      // A streamed WAV may announce more than it holds: count what is there.
      dataBytes = Math.min(size, buffer.length - body);
    } else if (id === "LIST" && buffer.toString("latin1", body, body + 4) === "INFO") {
      comment = readInfoComment(buffer.subarray(body + 4, Math.min(buffer.length, body + size)));
    }
    offset = body + padded(size);
  }
  if (byteRate === 0) return null;
  return { sampleRate, channels, durationSeconds: dataBytes / byteRate, comment };
}

function readInfoComment(info: Buffer): string | null {
  let offset = 0;
  while (offset + 8 <= info.length) {
    const id = info.toString("latin1", offset, offset + 4);
    const size = info.readUInt32LE(offset + 4);
    if (id === "ICMT") return info.toString("utf8", offset + 8, Math.min(info.length, offset + 8 + size)).replace(/\0+$/, "");
    offset += 8 + padded(size);
  }
  return null;
}
