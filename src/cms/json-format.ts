import type { Formatter } from "decap-cms-core";

/** JSON as the repository keeps it, final newline included (Decap's own format omits it; prettier rejects that). */
export const jsonWithNewline: Formatter = {
  fromFile: (content) => JSON.parse(content) as unknown,
  toFile: (data, sortedKeys = []) => {
    const source = data as Record<string, unknown>;
    const ordered: Record<string, unknown> = {};
    for (const key of sortedKeys) if (key in source) ordered[key] = source[key];
    return `${JSON.stringify({ ...ordered, ...source }, null, 2)}\n`;
  },
};
