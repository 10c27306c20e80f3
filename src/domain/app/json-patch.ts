// The default export: Node reads fast-json-patch as CommonJS and finds no named exports in it (the compiled server
// would not start), while Vite and vitest find both.
import jsonpatch, { type Operation } from 'fast-json-patch';

/**
 * The list of changes (JSON patch) from a previous copy of a document to its current value; empty when
 * either is missing (spec section 7). Only the listed fields count, so server-owned fields never leak in.
 */
export function changesBetween<T extends object>(previous: T | null | undefined, current: T | null | undefined, fields?: readonly string[]): Operation[] {
  if (!previous || !current) return [];
  if (!fields) return jsonpatch.compare(previous, current);
  const pick = (doc: object) => Object.fromEntries(fields.filter((f) => f in doc).map((f) => [f, (doc as Record<string, unknown>)[f]]));
  return jsonpatch.compare(pick(previous), pick(current));
}

/**
 * The fields of `after` that differ from `before`: what a person changed in a form, so that saving sends
 * those and leaves fields changed meanwhile by someone else as they now are.
 */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[field])),
  ) as Partial<T>;
}
