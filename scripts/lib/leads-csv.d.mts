/** Types for leads-csv.mjs (see its docstring). */
export const CSV_COLUMNS: string[];
export function neutraliseFormula(value: string): string;
export function leadsToCsv(records: unknown[]): string;
