// A tiny PNG writer and header reader: enough for the sandbox to paint answers for the image tasks and
// to read back what its own pictures say they show (a `tEXt` chunk), without an image library.

import { deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index++) {
    let value = index;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[index] = value >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + data.length);
  return out;
}

export interface PngImage {
  width: number;
  height: number;
  /** 1 (grey) or 3 (RGB) bytes per pixel, row after row. */
  channels: 1 | 3;
  pixels: Uint8Array;
  /** `tEXt` chunks (Latin-1 keywords and text). */
  text?: Record<string, string>;
}

export function encodePng(image: PngImage): Buffer {
  const { width, height, channels, pixels } = image;
  if (pixels.length !== width * height * channels) throw new RangeError(`expected ${width * height * channels} pixel bytes, got ${pixels.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = channels === 3 ? 2 : 0; // colour type: truecolour or greyscale
  const rowBytes = width * channels;
  // Every row starts with filter type 0 (none): deflate does the work.
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let row = 0; row < height; row++) {
    Buffer.from(pixels.buffer, pixels.byteOffset + row * rowBytes, rowBytes).copy(raw, row * (rowBytes + 1) + 1);
  }
  const textChunks = Object.entries(image.text ?? {}).map(([keyword, value]) =>
    chunk("tEXt", Buffer.from(`${keyword}\0${value}`, "latin1")),
  );
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), ...textChunks, chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array(0))]);
}

export interface PngInfo {
  width: number;
  height: number;
  text: Record<string, string>;
}

/** Size and `tEXt` chunks of a PNG, or null for anything that is not one. Pixels are not decoded. */
export function readPngInfo(bytes: Uint8Array): PngInfo | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.length < 33 || !buffer.subarray(0, 8).equals(SIGNATURE) || buffer.toString("latin1", 12, 16) !== "IHDR") return null;
  const info: PngInfo = { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20), text: {} };
  let offset = 8;
  while (offset + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString("latin1", offset + 4, offset + 8);
    const dataEnd = offset + 8 + length;
    if (dataEnd > buffer.length || type === "IDAT" || type === "IEND") break;
    if (type === "tEXt") {
      const data = buffer.subarray(offset + 8, dataEnd);
      const separator = data.indexOf(0);
      if (separator > 0) info.text[data.toString("latin1", 0, separator)] = data.toString("latin1", separator + 1);
    }
    offset = dataEnd + 4;
  }
  return info;
}
