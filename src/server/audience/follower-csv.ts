import { AUDIENCE_TEXT, IMPORT_MAX_LINES, type ImportProblem } from "../../common/audience-page";
import { FollowEmailSchema } from "../../common/schemas/follow";
import { normaliseEmail } from "../env";
import { invalid } from "../errors";

// The Audience page's CSV: addresses in (one per line, or an "email" column), followers out.

/** Split one CSV line into fields (RFC 4180 quotes); null when a quote is never closed. */
export function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (c === "," || c === ";" || c === "\t") {
      fields.push(field.trim());
      field = "";
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field.trim());
  return fields;
}

export interface ParsedImport {
  addresses: Array<{ line: number; email: string }>;
  problems: ImportProblem[];
}

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Read a pasted or uploaded list: a header line naming an "email" column picks that column,
 * otherwise the first field of each line is the address. Each bad line is reported by number
 * (broken quotes, not an address, a repeat of an earlier line) and left out.
 */
export function parseFollowerCsv(csv: string): ParsedImport {
  const lines = csv.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  if (lines.length > IMPORT_MAX_LINES + 1) throw invalid(AUDIENCE_TEXT.tooManyLines);
  const addresses: ParsedImport["addresses"] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  let column = 0;
  let first = true;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const fields = csvFields(raw);
    if (!fields) {
      problems.push({ line, text: shown(raw), reason: "a quote is not closed" });
      return;
    }
    if (first) {
      first = false;
      const header = fields.findIndex((f) => /^e-?mail( address)?$/i.test(f));
      if (header >= 0 && !fields.some((f) => f.includes("@"))) {
        column = header;
        return;
      }
    }
    const value = fields[column] ?? "";
    const parsed = FollowEmailSchema.safeParse(value);
    if (!parsed.success) {
      problems.push({ line, text: shown(raw), reason: AUDIENCE_TEXT.invalidAddress });
      return;
    }
    const email = normaliseEmail(parsed.data);
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      problems.push({ line, text: shown(raw), reason: AUDIENCE_TEXT.duplicate(earlier) });
      return;
    }
    seen.set(email, line);
    addresses.push({ line, email });
  });
  return { addresses, problems };
}

/** A CSV cell; one a spreadsheet would run as a formula (=, +, -, @, tab, CR) starts with '. */
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: Array<string | null>) => `${cells.map(csvCell).join(",")}\r\n`;
