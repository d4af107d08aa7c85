// findBy… and waitFor wait for a condition for one second by default: on a busy machine a component that
// renders a chart or reads a fake IndexedDB can take longer than that and still be right. They wait up to
// thirty seconds here; a condition met sooner ends the wait at once. Only files with a DOM (happy-dom) use
// testing-library: the others skip loading it, a fraction of a second of CPU saved per file.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 30_000 });
}

export {};
