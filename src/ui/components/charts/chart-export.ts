// A chart as a file, made in the browser: its SVG serialized with the styles it is drawn with (so it
// looks the same outside the page), a title above and the legend below (recharts draws the legend as
// HTML, outside the SVG); and a PNG of that SVG through a canvas. No server is involved.
import type { LegendItem } from "./chart-parts";
import { downloadBlob, slugify } from "../download";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The presentation properties that CSS (classes, variables) gives recharts' elements. All but opacity
 * are inherited in SVG, so each is written only where it differs from the parent's: the file stays small.
 */
const INHERITED_PROPERTIES = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-opacity",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "visibility",
] as const;

const TITLE_HEIGHT = 24;
const LEGEND_ROW_HEIGHT = 18;
const LEGEND_ITEM_WIDTH = 170;
const PADDING = 8;

export interface ChartImageOptions {
  title: string;
  legend: readonly LegendItem[];
  /** The page's background and text colours, so a dark theme's chart stays readable as a file. */
  background: string;
  foreground: string;
}

export interface ChartImage {
  markup: string;
  width: number;
  height: number;
}

/** Copies computed styles from the drawn elements onto their clones, element by element. */
function inlineStyles(source: Element, clone: Element, parentValues: ReadonlyMap<string, string> | null): void {
  const view = source.ownerDocument.defaultView;
  if (view === null) return;
  const computed = view.getComputedStyle(source);
  const values = new Map(INHERITED_PROPERTIES.map((property) => [property, computed.getPropertyValue(property)]));
  const declarations: [string, string][] = [...values].filter(([property, value]) => value !== "" && value !== parentValues?.get(property));
  const opacity = computed.getPropertyValue("opacity");
  if (opacity !== "" && opacity !== "1") declarations.push(["opacity", opacity]);
  const existing = clone.getAttribute("style");
  const inlined = declarations.map(([property, value]) => `${property}:${value}`).join(";");
  if (inlined !== "") clone.setAttribute("style", existing ? `${inlined};${existing}` : inlined);
  for (let index = 0; index < source.children.length && index < clone.children.length; index++) {
    inlineStyles(source.children[index]!, clone.children[index]!, values);
  }
}

function svgElement<K extends keyof SVGElementTagNameMap>(document: Document, name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

function legendMark(document: Document, item: LegendItem, x: number, y: number): SVGElement {
  switch (item.mark) {
    case "line":
      return svgElement(document, "line", { x1: x, y1: y + 6, x2: x + 12, y2: y + 6, stroke: item.color, "stroke-width": 2 });
    case "dot":
      return svgElement(document, "circle", { cx: x + 6, cy: y + 6, r: 3.5, fill: item.color });
    case "cross":
      return svgElement(document, "path", { d: `M${x + 2},${y + 2}L${x + 10},${y + 10}M${x + 2},${y + 10}L${x + 10},${y + 2}`, stroke: item.color, "stroke-width": 2 });
    case "square":
      return svgElement(document, "rect", { x: x + 1, y: y + 1, width: 10, height: 10, rx: 1, fill: item.color });
  }
}

/**
 * The chart's SVG as a standalone file: the drawn SVG with its styles inlined, under a title and over
 * its legend, on the page's background. Texts go in through the DOM, so labels are escaped.
 */
export function chartImage(drawn: SVGSVGElement, options: ChartImageOptions): ChartImage {
  const document = drawn.ownerDocument;
  const box = drawn.getBoundingClientRect();
  const chartWidth = Math.round(box.width || Number(drawn.getAttribute("width")) || 600);
  const chartHeight = Math.round(box.height || Number(drawn.getAttribute("height")) || 260);
  const perRow = Math.max(1, Math.floor((chartWidth - 2 * PADDING) / LEGEND_ITEM_WIDTH));
  const legendRows = Math.ceil(options.legend.length / perRow);
  const width = chartWidth;
  const height = TITLE_HEIGHT + chartHeight + legendRows * LEGEND_ROW_HEIGHT + PADDING;

  const root = svgElement(document, "svg", { width, height, viewBox: `0 0 ${width} ${height}` });
  root.setAttribute("font-family", "system-ui, sans-serif");
  root.append(svgElement(document, "rect", { x: 0, y: 0, width, height, fill: options.background }));

  const title = svgElement(document, "text", { x: PADDING, y: 16, "font-size": 14, "font-weight": 600, fill: options.foreground });
  title.textContent = options.title;
  root.append(title);

  const chart = drawn.cloneNode(true) as SVGSVGElement;
  // The drawn surface's own style (width: 100%) and its focus role mean nothing in a file.
  for (const name of ["style", "role", "tabindex"]) chart.removeAttribute(name);
  inlineStyles(drawn, chart, null);
  for (const [name, value] of Object.entries({ x: 0, y: TITLE_HEIGHT, width: chartWidth, height: chartHeight })) chart.setAttribute(name, String(value));
  root.append(chart);

  options.legend.forEach((item, index) => {
    const x = PADDING + (index % perRow) * LEGEND_ITEM_WIDTH;
    const y = TITLE_HEIGHT + chartHeight + Math.floor(index / perRow) * LEGEND_ROW_HEIGHT;
    const group = svgElement(document, "g", { "data-legend-item": index });
    group.append(legendMark(document, item, x, y));
    const label = svgElement(document, "text", { x: x + 16, y: y + 10, "font-size": 12, fill: options.foreground });
    label.textContent = item.label;
    group.append(label);
    root.append(group);
  });

  const markup = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}`;
  return { markup, width, height };
}

/** The PNG of a chart image at `scale` × its size (2: sharp on high-density screens). */
export async function chartPng(image: ChartImage, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([image.markup], { type: "image/svg+xml" }));
  try {
    const picture = new Image(image.width, image.height);
    picture.src = url;
    await picture.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    const context = canvas.getContext("2d");
    if (context === null) throw new Error("this browser gave no 2D canvas to draw the PNG on");
    context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob === null ? reject(new Error("the canvas made no PNG")) : resolve(blob)), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** `<title>.svg` / `.png`, in the same spelling as the CSV exports. */
export function chartFileName(title: string, extension: "svg" | "png"): string {
  return `${slugify(title)}.${extension}`;
}

export function downloadChartSvg(image: ChartImage, title: string): void {
  downloadBlob(chartFileName(title, "svg"), new Blob([image.markup], { type: "image/svg+xml;charset=utf-8" }));
}

export async function downloadChartPng(image: ChartImage, title: string): Promise<void> {
  downloadBlob(chartFileName(title, "png"), await chartPng(image));
}
