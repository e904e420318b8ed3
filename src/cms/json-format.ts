import type { Formatter } from "decap-cms-core";

/**
 * JSON as the repository keeps it: two-space indent, keys in the editor's field order and a
 * final newline (Decap's built-in JSON format omits it, which `prettier --check` in CI rejects).
 */
export const jsonWithNewline: Formatter = {
  fromFile: (content) => JSON.parse(content) as unknown,
  toFile: (data, sortedKeys = []) => {
    const source = data as Record<string, unknown>;
    const ordered: Record<string, unknown> = {};
    for (const key of sortedKeys) if (key in source) ordered[key] = source[key];
    return `${JSON.stringify({ ...ordered, ...source }, null, 2)}\n`;
  },
};
