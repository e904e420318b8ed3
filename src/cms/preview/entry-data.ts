/** The part of Decap's entry (an Immutable.js Map) the preview templates read. */
export type PreviewEntry = { getIn(path: string[]): { toJS(): unknown } | undefined };

/** The entry's data as plain objects, `{}` before it loads; fields may be missing while an editor types. */
export function entryData<T>(entry: PreviewEntry): Partial<T> {
  return entry.getIn(["data"])?.toJS() ?? {};
}

/** `value` when it is an array, else an empty list (a list field the editor has not filled). */
export function list<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}
