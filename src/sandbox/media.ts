// The sandbox's pictures and speech: small, deterministic files that say what they show in their own
// metadata, so the sandbox's "models" can read back the pictures and speech it (or the bundled
// scenarios) made, and anything else still gets a stable answer from its bytes.

import { hashString, mulberry32, type Random } from "./random";
import { encodePng } from "./png";
import { encodeWav } from "./wav";
import { wordsOf } from "./text";

/** An object in a picture, in pixels: what object detection finds and segmentation masks. */
export interface PictureObject {
  label: string;
  box: { xmin: number; ymin: number; xmax: number; ymax: number };
}

export interface Picture {
  width: number;
  height: number;
  /** What it shows, in words (`tEXt` Description). */
  description: string;
  objects: readonly PictureObject[];
}

/** `tEXt` keywords the sandbox reads back. */
export const DESCRIPTION_KEY = "Description";
export const OBJECTS_KEY = "Objects";

function colourOf(random: Random): [number, number, number] {
  return [Math.floor(40 + random() * 200), Math.floor(40 + random() * 200), Math.floor(40 + random() * 200)];
}

/** A gradient with each object as a filled rectangle; colours from `seed`. */
export function paintPicture(picture: Picture, seed: number): Buffer {
  const { width, height } = picture;
  const random = mulberry32(seed);
  const [r0, g0, b0] = colourOf(random);
  const [r1, g1, b1] = colourOf(random);
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / Math.max(1, width + height - 2);
      const at = (y * width + x) * 3;
      pixels[at] = r0 + (r1 - r0) * t;
      pixels[at + 1] = g0 + (g1 - g0) * t;
      pixels[at + 2] = b0 + (b1 - b0) * t;
    }
  }
  for (const object of picture.objects) {
    const [r, g, b] = colourOf(mulberry32(hashString(object.label, seed)));
    const { xmin, ymin, xmax, ymax } = clampBox(object.box, width, height);
    for (let y = ymin; y < ymax; y++) {
      for (let x = xmin; x < xmax; x++) {
        const at = (y * width + x) * 3;
        pixels[at] = r;
        pixels[at + 1] = g;
        pixels[at + 2] = b;
      }
    }
  }
  return encodePng({
    width,
    height,
    channels: 3,
    pixels,
    text: { [DESCRIPTION_KEY]: toLatin1(picture.description), [OBJECTS_KEY]: JSON.stringify(picture.objects) },
  });
}

/** A grey mask (255 inside the box, 0 outside), as image segmentation returns for each segment. */
export function paintMask(width: number, height: number, box: PictureObject["box"]): Buffer {
  const pixels = new Uint8Array(width * height);
  const { xmin, ymin, xmax, ymax } = clampBox(box, width, height);
  for (let y = ymin; y < ymax; y++) pixels.fill(255, y * width + xmin, y * width + xmax);
  return encodePng({ width, height, channels: 1, pixels });
}

export function clampBox(box: PictureObject["box"], width: number, height: number): PictureObject["box"] {
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return { xmin: clamp(box.xmin, width), ymin: clamp(box.ymin, height), xmax: clamp(box.xmax, width), ymax: clamp(box.ymax, height) };
}

// tEXt is Latin-1: anything else becomes "?" rather than bytes that read back differently.
function toLatin1(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

export const SPEECH_SAMPLE_RATE = 8000;

/**
 * One hum per word (its pitch from the word), with a short pause between words; the text goes in the
 * file's comment so that transcribing it gives it back.
 */
export function synthesizeSpeech(text: string, secondsPerWord: number): Buffer {
  const words = wordsOf(text);
  const wordSamples = Math.round(secondsPerWord * 0.8 * SPEECH_SAMPLE_RATE);
  const pauseSamples = Math.round(secondsPerWord * 0.2 * SPEECH_SAMPLE_RATE);
  const samples = new Int16Array(Math.max(1, words.length * (wordSamples + pauseSamples)));
  words.forEach((word, wordIndex) => {
    const frequency = 140 + (hashString(word.toLowerCase()) % 260);
    const start = wordIndex * (wordSamples + pauseSamples);
    for (let index = 0; index < wordSamples; index++) {
      const envelope = Math.sin((Math.PI * index) / wordSamples);
      samples[start + index] = Math.round(9000 * envelope * Math.sin((2 * Math.PI * frequency * index) / SPEECH_SAMPLE_RATE));
    }
  });
  return encodeWav(samples, SPEECH_SAMPLE_RATE, text);
}
