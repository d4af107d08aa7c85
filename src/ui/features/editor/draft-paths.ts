// Reads and writes one field of a draft scenario (plain JSON, as the user wrote it) by its path, without
// touching anything else: the form edits the same object the JSON view shows, so nothing is lost either way.
import { formatPath } from "../../../core/text/field-path";

export type FieldPath = readonly (string | number)[];

export type DraftValue = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function getAt(root: unknown, path: FieldPath): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (typeof segment === "number") current = Array.isArray(current) ? current[segment] : undefined;
    else current = isPlainObject(current) ? current[segment] : undefined;
  }
  return current;
}

/**
 * A copy of `root` with the value at `path` replaced; `undefined` removes an object's key (so the
 * scenario's default applies again). Containers on the way are created as needed, of the kind the next
 * segment asks for; the rest of the object keeps its keys and their order.
 */
export function setAt<T>(root: T, path: FieldPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === "number") {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list as T;
  }
  const object: Record<string, unknown> = isPlainObject(root) ? { ...root } : {};
  const next = setAt(object[head], rest, value);
  if (next === undefined) delete object[head];
  else object[head] = next;
  return object as T;
}

/** A copy with the list at `path` missing its item `index`. */
export function removeItemAt<T>(root: T, path: FieldPath, index: number): T {
  const list = getAt(root, path);
  if (!Array.isArray(list)) return root;
  return setAt(root, path, list.filter((_, position) => position !== index));
}

/** The same path text as the CLI's errors (`targets[1].model`). */
export function pathKey(path: FieldPath): string {
  return formatPath(path);
}

/** An element id for the field at `path`, so an error in the list can point at its field. */
export function fieldId(path: FieldPath): string {
  return `field-${pathKey(path).replace(/[^A-Za-z0-9_-]/g, "-") || "root"}`;
}
