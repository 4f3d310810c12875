// The field-by-field difference an audit row keeps, without secrets. Pure.

export type AuditChanges = Record<string, [unknown, unknown]>;
export type AuditValues = Record<string, unknown>;

// Passwords, their hashes, tokens and secrets never reach the audit trail,
// whatever table or form they come from (issue 9).
const SECRET = /password|passwd|senha|token|secret|hash/i;
export const isSecretField = (field: string) => SECRET.test(field);

// Columns the database derives from others (migration 0024: name_fold is
// fold(name); 0028: surname_fold its last word): they say nothing the audit
// does not already hold, and a name erased under the LGPD must not live on
// in its folded copy.
const DERIVED = new Set(["name_fold", "surname_fold"]);

// JSON-friendly values, so that what is compared is what is stored.
function normalize(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// {field: [before, after]} for every field that differs. A creation has no
// `before` (every field is [null, value]); a deletion has no `after`.
export function diffChanges(
  before: AuditValues | null | undefined,
  after: AuditValues | null | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (isSecretField(field) || DERIVED.has(field)) continue;
    const a = normalize(before?.[field]);
    const b = normalize(after?.[field]);
    if (!same(a, b)) changes[field] = [a, b];
  }
  return changes;
}
