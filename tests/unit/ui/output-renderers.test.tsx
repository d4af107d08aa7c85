// @vitest-environment happy-dom
// Each output kind's renderer (src/ui/features/compare/outputs): what it shows, and that untrusted model
// output never becomes markup.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BlobLoaderContext, type BlobLoader } from "../../../src/ui/features/compare/outputs/blob-source";
import { entityPieces } from "../../../src/ui/features/compare/outputs/entities-output";
import { inputViewOf, NO_INPUT, type InputView } from "../../../src/ui/features/compare/outputs/input-view";
import { OutputView } from "../../../src/ui/features/compare/outputs/output-view";
import { requestRecord } from "../request-record";
import { renderInApp } from "./app-providers";

const HOSTILE = '<img src=x onerror=alert(1)><script>alert("x")</script>';
const SHA = "a".repeat(64);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(task: string, outputValue: unknown, options: { input?: InputView; output?: string | null; loader?: BlobLoader } = {}) {
  const record = Object.assign(requestRecord({ output: options.output ?? "text form" }), { outputValue });
  const view = <OutputView task={task} record={record} input={options.input ?? NO_INPUT} targetLabel="Target A" />;
  return renderInApp(options.loader === undefined ? view : <BlobLoaderContext.Provider value={options.loader}>{view}</BlobLoaderContext.Provider>);
}

/** Blob URLs in happy-dom: counted, so a test can see each one revoked. */
function stubObjectUrls() {
  let next = 0;
  const create = vi.fn((_blob: Blob) => `blob:test/${next++}`);
  const revoke = vi.fn((_url: string) => undefined);
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return { create, revoke };
}

describe("output renderers", () => {
  it("text: a literal text node in <pre>", () => {
    const { container } = show("summarization", { summary_text: HOSTILE }, { output: HOSTILE });
    expect(screen.getByTestId("text-output").textContent).toBe(HOSTILE);
    expect(container.querySelectorAll("img, script")).toHaveLength(0);
  });

  it("labels: best first, each score as text and as a bar of that width; labels stay text", () => {
    const { container } = show("text-classification", [
      { label: "NEGATIVE", score: 0.25 },
      { label: HOSTILE, score: 0.75 },
    ]);
    const rows = within(screen.getByTestId("labels-output")).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector(".pb-label-name")?.textContent)).toEqual([HOSTILE, "NEGATIVE"]);
    expect(rows[0]!.textContent).toContain("75.0%");
    expect((rows[0]!.querySelector(".pb-label-bar") as HTMLElement).style.width).toBe("75%");
    expect((rows[1]!.querySelector(".pb-label-bar") as HTMLElement).style.width).toBe("25%");
    expect(container.querySelectorAll("img, script")).toHaveLength(0);
  });

  it("labels: a score outside [0, 1] is written as sent but its bar is clamped", () => {
    show("image-classification", [{ label: "cat", score: 1.5 }]);
    expect(screen.getByTestId("labels-output").textContent).toContain("150.0%");
    expect((screen.getByTestId("labels-output").querySelector(".pb-label-bar") as HTMLElement).style.width).toBe("100%");
  });

  it("similarities: one bar per candidate sentence, named from the input", () => {
    show("sentence-similarity", [0.9, 0.1], { input: inputViewOf({ source_sentence: "s", sentences: ["first one", "second one"] }) });
    const rows = within(screen.getByTestId("labels-output")).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector(".pb-label-name")?.textContent)).toEqual(["first one", "second one"]);
  });

  it("text ranking: one bar per document, named from the input, under its own caption", () => {
    show("text-ranking", [0.2, 0.8], { input: inputViewOf({ query: "q", documents: ["doc one", "doc two"] }) });
    const output = screen.getByTestId("labels-output");
    expect(within(output).getAllByRole("listitem").map((row) => row.querySelector(".pb-label-name")?.textContent)).toEqual(["doc one", "doc two"]);
    expect(output.getAttribute("aria-label")).toBe("Relevance of each document to the query");
  });

  it("entities: marked in the input text at their offsets, and listed", () => {
    const text = "Ada Lovelace lived in London.";
    const { container } = show(
      "token-classification",
      [
        { entity_group: "LOC", score: 0.99, word: "London", start: 22, end: 28 },
        { entity_group: "PER", score: 0.98, word: "Ada Lovelace", start: 0, end: 12 },
      ],
      { input: inputViewOf(text) },
    );
    const marks = [...container.querySelectorAll("mark")];
    expect(marks.map((mark) => mark.firstChild?.textContent)).toEqual(["Ada Lovelace", "London"]);
    expect(marks.map((mark) => mark.querySelector(".pb-entity-label")?.textContent)).toEqual(["PER", "LOC"]);
    expect(container.querySelector(".pb-marked-text")?.textContent).toBe("Ada LovelacePER lived in LondonLOC.");
    expect(within(screen.getByRole("list", { name: "Entities" })).getAllByRole("listitem")).toHaveLength(2);
  });

  it("entities: overlapping or out-of-range spans are not marked, and the text is kept whole", () => {
    const entity = (start: number, end: number) => ({ label: "X", score: 1, word: "w", start, end });
    const pieces = entityPieces("abcdef", [entity(0, 3), entity(2, 4), entity(4, 99)]);
    expect(pieces.map((piece) => [piece.text, piece.entity !== null])).toEqual([
      ["abc", true],
      ["def", false],
    ]);
  });

  it("answer: the answer, its score and its span marked in the context", () => {
    const context = "The tower is in Paris, France.";
    show("question-answering", { answer: "Paris", score: 0.8, start: 16, end: 21 }, { input: inputViewOf({ question: "Where?", context }) });
    expect(screen.getByTestId("answer-output").textContent).toContain("Paris 80.0%");
    expect(screen.getByText("characters 16–21 of the context")).toBeTruthy();
    expect(screen.getByTestId("answer-context").querySelector("mark")?.textContent).toBe("Paris");
  });

  it("answer: a span past the context's end is not marked", () => {
    show("question-answering", { answer: "x", score: 0.5, start: 5, end: 500 }, { input: inputViewOf({ question: "q", context: "short" }) });
    expect(screen.queryByTestId("answer-context")).toBeNull();
  });

  it("vector: dimension, norm and the first values", () => {
    show("feature-extraction", [3, 4, 0, 0, 0, 0, 0, 0, 0, 1]);
    const facts = screen.getByTestId("vector-output").textContent!;
    expect(facts).toContain("Dimension10");
    // √(9 + 16 + 1) = 5.0990
    expect(facts).toContain("Norm5.0990");
    expect(facts).toContain("[3.0000, 4.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, …]");
  });

  it("vector: a token-level output gives its shape only", () => {
    show("feature-extraction", [[1, 2], [3, 4], [5, 6]]);
    expect(screen.getByTestId("vector-output").textContent).toBe("Dimension3 × 2");
  });

  it("image: from the blobs table through an object URL typed as the record says, with size, format and bytes; revoked when gone", async () => {
    const urls = stubObjectUrls();
    const loader = vi.fn<BlobLoader>(async () => new Blob([new Uint8Array(10)], { type: "image/png" }));
    const { unmount } = show("text-to-image", { blob: SHA, mime: "image/png", bytes: 2048 }, { loader });
    const image = await screen.findByRole("img", { name: "Generated image, image/png" });
    expect(loader).toHaveBeenCalledWith(SHA);
    expect(image.getAttribute("src")).toBe("blob:test/0");
    Object.defineProperty(image, "naturalWidth", { value: 64 });
    Object.defineProperty(image, "naturalHeight", { value: 32 });
    fireEvent.load(image);
    expect(screen.getByTestId("image-facts").textContent).toBe("64 × 32 px · image/png · 2.0 KiB");
    unmount();
    expect(urls.revoke).toHaveBeenCalledWith("blob:test/0");
  });

  it("image: says so when this browser does not hold the bytes", async () => {
    show("text-to-image", { blob: SHA, mime: "image/png", bytes: 5 }, { loader: async () => null });
    expect(await screen.findByText("The bytes are not stored in this browser.")).toBeTruthy();
  });

  it("image: an output that is not a blob reference falls back to its text", () => {
    show("text-to-image", { blob: "../../etc/passwd", mime: "image/png", bytes: 5 }, { output: "blob:x" });
    expect(screen.getByTestId("text-output").textContent).toBe("blob:x");
  });

  it("audio: a player with its duration once the metadata is read", async () => {
    stubObjectUrls();
    const { container } = show("text-to-speech", { blob: SHA, mime: "audio/wav", bytes: 3000 }, { loader: async () => new Blob([new Uint8Array(4)]) });
    await waitFor(() => expect(container.querySelector("audio")).not.toBeNull());
    const audio = container.querySelector("audio")!;
    expect(audio.getAttribute("aria-label")).toBe("Speech from Target A");
    expect(audio.hasAttribute("controls")).toBe(true);
    Object.defineProperty(audio, "duration", { value: 2.4 });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByTestId("audio-facts").textContent).toBe("2.4 s · audio/wav · 2.9 KiB");
  });

  it("boxes: an SVG over the input image in its pixels, built from numbers, labels as text", async () => {
    stubObjectUrls();
    const boxes = [{ label: HOSTILE, score: 0.9, box: { xmin: 10, ymin: 20, xmax: 50, ymax: 80 } }];
    const { container } = show("object-detection", boxes, { input: { ...NO_INPUT, image: { blob: SHA, mime: "image/jpeg", bytes: 1 } }, loader: async () => new Blob([]) });
    const image = await screen.findByRole("img", { name: "Input image with 1 detected objects" });
    Object.defineProperty(image, "naturalWidth", { value: 200 });
    Object.defineProperty(image, "naturalHeight", { value: 100 });
    fireEvent.load(image);
    const svg = screen.getByTestId("boxes-overlay");
    expect(svg.getAttribute("viewBox")).toBe("0 0 200 100");
    const rect = svg.querySelector("rect")!;
    expect([rect.getAttribute("x"), rect.getAttribute("y"), rect.getAttribute("width"), rect.getAttribute("height")]).toEqual(["10", "20", "40", "60"]);
    expect(svg.querySelector("text")?.textContent).toBe(HOSTILE);
    expect(container.querySelectorAll("script, foreignObject")).toHaveLength(0);
    expect(within(screen.getByRole("list", { name: "Detected objects" })).getByRole("listitem").textContent).toContain("(10, 20) – (50, 80)");
  });

  it("boxes: a box with a non-numeric coordinate makes the output read as text", () => {
    show("object-detection", [{ label: "cat", score: 1, box: { xmin: "10\" onload=\"x", ymin: 0, xmax: 1, ymax: 1 } }], { output: "raw" });
    expect(screen.getByTestId("text-output").textContent).toBe("raw");
  });

  it("masks: one mask at a time over the input image, chosen by radio button", async () => {
    stubObjectUrls();
    const segments = [
      { label: "sky", score: 0.9, mask: "iVBORw0KGgo=" },
      { label: "road", score: 0.8, mask: "AAAA" },
    ];
    show("image-segmentation", segments, { input: { ...NO_INPUT, image: { blob: SHA, mime: "image/png", bytes: 1 } }, loader: async () => new Blob([]) });
    const image = await screen.findByRole("img", { name: "Input image with a segmentation mask over it" });
    fireEvent.load(image);
    expect(screen.getByTestId("mask-overlay").getAttribute("src")).toBe("data:image/png;base64,iVBORw0KGgo=");
    fireEvent.click(screen.getByRole("radio", { name: /road/ }));
    expect(screen.getByTestId("mask-overlay").getAttribute("src")).toBe("data:image/png;base64,AAAA");
  });

  it("masks: a mask that is not base64 is refused (shown as text)", () => {
    show("image-segmentation", [{ label: "x", score: 1, mask: "\"><script>alert(1)</script>" }], { output: "raw" });
    expect(screen.getByTestId("text-output").textContent).toBe("raw");
  });
});

describe("input view", () => {
  it("finds a stored image input, top-level or in an image field, and the text, context and sentences", () => {
    const hash = "b".repeat(64);
    expect(inputViewOf({ file: `sha256:${hash}` }).image).toEqual({ blob: hash, mime: "application/octet-stream", bytes: 0 });
    expect(inputViewOf({ image: { file: `sha256:${hash}` }, question: "What?" })).toMatchObject({ text: "What?", image: { blob: hash } });
    expect(inputViewOf({ file: "assets/cat.jpg" }).image).toBeNull();
    expect(inputViewOf({ question: "q", context: "c" })).toMatchObject({ text: "q", context: "c" });
    expect(inputViewOf("plain")).toEqual({ ...NO_INPUT, text: "plain" });
  });
});

describe("text outputs", () => {
  it("shows a transcript's whole text from its parsed value rather than the record's one-line text", () => {
    show("automatic-speech-recognition", { text: "the whole transcript", chunks: [] }, { output: "the whole…" });
    expect(screen.getByTestId("text-output").textContent).toBe("the whole transcript");
  });

  it("reads a translation's text from the library's list shape", () => {
    show("translation", [{ translation_text: "Bonjour" }], { output: null });
    expect(screen.getByTestId("text-output").textContent).toBe("Bonjour");
  });
});
