// Images and audio: what a file's header says (core/tasks/media-info.ts), the per-audio-second and per-image
// figures of the summary (stats/summary.ts, metrics/) and prices per image and per audio second (pricing.ts).
import { describe, expect, it } from "vitest";
import { audioInfo, imageInfo } from "../../src/core/tasks";
import { metricById } from "../../src/core/metrics";
import { inapplicablePriceParts, requestCost } from "../../src/core/scenario";
import { summarize } from "../../src/core/stats";
import { encodePng } from "../../src/sandbox/png";
import { encodeWav } from "../../src/sandbox/wav";
import { requestRecord } from "./request-record";

function bytes(...values: number[]): Uint8Array {
  return new Uint8Array(values);
}

describe("media-info", () => {
  it("reads a PNG's size and a WAV's duration as the sandbox writes them", () => {
    const png = encodePng({ width: 48, height: 30, channels: 1, pixels: new Uint8Array(48 * 30) });
    expect(imageInfo(png)).toEqual({ format: "png", width: 48, height: 30 });
    const wav = encodeWav(new Int16Array(8000 * 3), 8000, "three seconds");
    expect(audioInfo(wav)).toEqual({ format: "wav", durationSeconds: 3 });
  });

  it("reads a JPEG's size from its first start-of-frame, past other segments", () => {
    // SOI, an APP0 segment of 4 bytes, then SOF0: length 17, precision 8, height 0x01E0 (480), width 0x0280 (640).
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03);
    expect(imageInfo(jpeg)).toEqual({ format: "jpeg", width: 640, height: 480 });
  });

  it("reads a GIF's size and a FLAC's duration from STREAMINFO", () => {
    expect(imageInfo(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x00, 0x10, 0x00))).toEqual({ format: "gif", width: 32, height: 16 });
    const flac = new Uint8Array(42);
    flac.set([0x66, 0x4c, 0x61, 0x43, 0x00, 0x00, 0x00, 0x22]);
    // Sample rate 16000 Hz (20 bits) at byte 18, then channels/bits, then 36 bits of total samples: 40000.
    const view = new DataView(flac.buffer);
    view.setUint32(18, (16000 << 12) >>> 0);
    view.setUint32(22, 40000);
    expect(audioInfo(flac)).toEqual({ format: "flac", durationSeconds: 2.5 });
  });

  it("says null for what it cannot read rather than guessing", () => {
    expect(imageInfo(bytes(1, 2, 3))).toBeNull();
    expect(audioInfo(new TextEncoder().encode("RIFF....WAVEjunk"))).toBeNull();
    expect(imageInfo(new Uint8Array(0))).toBeNull();
  });
});

describe("per-audio-second and per-image figures", () => {
  it("computes audio seconds per second and the real-time factor from the audio sent", () => {
    const records = [
      requestRecord({ latencyMs: 500, inputAudioSeconds: 5 }),
      requestRecord({ latencyMs: 2000, inputAudioSeconds: 4 }),
      requestRecord({ latencyMs: 900, status: "error", errorKind: "http_5xx", inputAudioSeconds: 9 }),
      requestRecord({ latencyMs: 300, inputAudioSeconds: null }),
    ];
    const [row] = summarize(records);
    // 5 s in 0.5 s = 10×, 4 s in 2 s = 2×; the failed request and the one without audio are left out.
    expect(row?.audioSecondsPerSecond.count).toBe(2);
    expect(row?.audioSecondsPerSecond.max).toBe(10);
    expect(row?.audioSecondsPerSecond.min).toBe(2);
    expect(row?.realTimeFactor.min).toBeCloseTo(0.1, 10);
    expect(row?.realTimeFactor.max).toBeCloseTo(0.5, 10);
    expect(metricById("realTimeFactorP50").value(row!)).toBeCloseTo(0.3, 10);
  });

  it("computes speech seconds per second and latency per image", () => {
    const [row] = summarize([
      requestRecord({ latencyMs: 1000, outputAudioSeconds: 3, outputImages: null }),
      requestRecord({ latencyMs: 1200, outputImages: 4 }),
    ]);
    expect(metricById("speechSecondsPerSecondP50").value(row!)).toBe(3);
    expect(metricById("latencyPerImageP50Ms").value(row!)).toBe(300);
    expect(metricById("audioSecondsPerSecondP50").value(row!)).toBeNull();
  });
});

describe("prices per image and per audio second", () => {
  it("prices a request by the images or audio seconds its record carries", () => {
    const base = requestRecord();
    expect(requestCost({ perImage: 0.04 }, { ...base, outputImages: 2 })?.usd).toBeCloseTo(0.08, 10);
    expect(requestCost({ perAudioSecond: 0.0001, perRequest: 0.001 }, { ...base, inputAudioSeconds: 30 })?.usd).toBeCloseTo(0.004, 10);
    expect(requestCost({ perAudioSecond: 0.001 }, { ...base, outputAudioSeconds: 2 })?.usd).toBeCloseTo(0.002, 10);
    // No count to price by: not priced, rather than priced at zero.
    expect(requestCost({ perImage: 0.04 }, base)).toBeNull();
  });

  it("accepts them on the tasks whose records carry the quantity, and refuses them elsewhere with the reason", () => {
    expect(inapplicablePriceParts("text-to-image", { perImage: 0.04 })).toEqual([]);
    expect(inapplicablePriceParts("automatic-speech-recognition", { perAudioSecond: 0.0001 })).toEqual([]);
    expect(inapplicablePriceParts("text-to-speech", { perAudioSecond: 0.0001 })).toEqual([]);
    expect(inapplicablePriceParts("text-classification", { perImage: 0.01 })).toEqual([
      { part: "perImage", message: "not applicable: text-classification records carry no image count" },
    ]);
    expect(inapplicablePriceParts("automatic-speech-recognition", { perImage: 0.01 })[0]?.message).toMatch(/no image count/);
  });
});
