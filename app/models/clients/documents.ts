// CPF and CNPJ (pure, client-safe): check digits, including the alphanumeric
// CNPJ that Receita Federal issues from July 2026 (12 letters or digits, then
// two numeric check digits; a character counts as its ASCII code minus 48).

const value = (ch: string) => ch.charCodeAt(0) - 48;

// "123.456.789-09" / "12.ABC.345/01DE-35" -> "12345678909" / "12ABC34501DE35".
export function normalizeCpfCnpj(text: string) {
  return text.replace(/[\s./-]/g, "").toUpperCase();
}

function mod11(body: string, weights: number[]) {
  const sum = [...body].reduce((acc, ch, i) => acc + value(ch) * weights[i], 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(text: string) {
  const cpf = normalizeCpfCnpj(text);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const d1 = mod11(cpf.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(cpf.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return cpf.endsWith(`${d1}${d2}`);
}

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCnpj(text: string) {
  const cnpj = normalizeCpfCnpj(text);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const d1 = mod11(cnpj.slice(0, 12), W1);
  const d2 = mod11(cnpj.slice(0, 13), W2);
  return cnpj.endsWith(`${d1}${d2}`);
}

export function isValidCpfCnpj(text: string) {
  const n = normalizeCpfCnpj(text);
  return n.length === 11 ? isValidCpf(n) : n.length === 14 ? isValidCnpj(n) : false;
}

// Stored digits shown as people write them; anything else shown as stored.
export function formatCpfCnpj(stored: string | null) {
  if (!stored) return "";
  if (/^\d{11}$/.test(stored)) return stored.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  if (/^[0-9A-Z]{12}\d{2}$/.test(stored)) return stored.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5");
  return stored;
}
