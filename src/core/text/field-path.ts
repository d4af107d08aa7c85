// How an error names the field it is about, in scenarios, datasets and drafts alike.

/** `targets[1].model` from ["targets", 1, "model"]. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      return index === 0 ? String(segment) : `.${String(segment)}`;
    })
    .join("");
}
