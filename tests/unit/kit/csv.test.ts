// The owner's CSV exports (docs/requirements.md#durable-capture): RFC 4180, every cell quoted, formulas neutralised.
import { csvText } from "../../../netlify/lib/kit/csv";

test("every cell is quoted, quotes doubled, lines end in CRLF, missing cells are empty", () => {
  const text = csvText([
    ["name", "count", "note"],
    ['Ann "A" Lee', 3, "two\nlines"],
    [null, undefined, "=SUM(A1)"],
  ]);
  expect(text).toBe('"name","count","note"\r\n"Ann ""A"" Lee","3","two\nlines"\r\n"","","\'=SUM(A1)"\r\n');
});
