// The input files of the bundled sandbox scenarios (scenarios/assets/), made by the sandbox's own writers
// so that its "models" read back what each one holds: recordings that say their words, pictures that
// list their objects, and a trace shaped like Mooncake's (sample-trace.ts). `npm run assets` writes them;
// a test checks the committed files are these bytes.

import { paintPicture, synthesizeSpeech, type Picture } from "./media";
import { sampleTraceBytes } from "./sample-trace";

const SECONDS_PER_WORD = 0.3;

const RECORDINGS: Readonly<Record<string, string>> = {
  "weather.wav": "the weather in paris today is sunny with a light breeze and the evening will be cool",
  "station.wav": "the next train to lyon leaves from platform four at ten past nine please mind the gap",
  "order.wav": "i would like two coffees and a croissant to take away thank you very much",
};

const PICTURES: Readonly<Record<string, Picture>> = {
  "cat-and-dog.png": {
    width: 320,
    height: 240,
    description: "tabby cat",
    objects: [
      { label: "cat", box: { xmin: 24, ymin: 60, xmax: 150, ymax: 210 } },
      { label: "dog", box: { xmin: 170, ymin: 40, xmax: 300, ymax: 220 } },
    ],
  },
  "street.png": {
    width: 320,
    height: 240,
    description: "red bicycle",
    objects: [
      { label: "bicycle", box: { xmin: 20, ymin: 120, xmax: 140, ymax: 220 } },
      { label: "car", box: { xmin: 150, ymin: 90, xmax: 310, ymax: 200 } },
      { label: "person", box: { xmin: 60, ymin: 20, xmax: 110, ymax: 130 } },
    ],
  },
  "fruit.png": {
    width: 256,
    height: 256,
    description: "bowl of fruit",
    objects: [
      { label: "apple", box: { xmin: 30, ymin: 100, xmax: 110, ymax: 180 } },
      { label: "banana", box: { xmin: 120, ymin: 80, xmax: 230, ymax: 150 } },
    ],
  },
};

/** File name (under scenarios/assets/) → bytes. */
export function scenarioAssets(): Map<string, Buffer> {
  const assets = new Map<string, Buffer>();
  for (const [name, words] of Object.entries(RECORDINGS)) assets.set(name, synthesizeSpeech(words, SECONDS_PER_WORD));
  Object.entries(PICTURES).forEach(([name, picture], index) => assets.set(name, paintPicture(picture, 1000 + index)));
  assets.set("sample-trace.jsonl", sampleTraceBytes());
  return assets;
}
