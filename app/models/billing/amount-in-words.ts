// An amount in centavos written out in Portuguese, as a receipt or a cheque
// writes it (docs/decisions/0033-receipts.md). Pure and client-safe.
//
// The convention (the usual Brazilian norm, as cheques are filled in):
// - inside a class of three digits, "e" joins hundreds, tens and units:
//   "trezentos e quarenta e cinco";
// - between classes (mil, milhão, bilhão, trilhão) neither "e" nor a comma,
//   except before the last class written when that class is below one
//   hundred or whole hundreds: "mil e cem", "mil e cinco", "mil seiscentos e
//   cinco", "um milhão e quinhentos mil", "dois milhões trezentos e quarenta
//   e cinco mil seiscentos e setenta e oito";
// - 100 is "cem", 101-199 "cento e ..."; 1.000 is "mil", never "um mil";
// - "real" for exactly one, "reais" otherwise (zero too: "zero reais"), and
//   "de reais" after a whole milhão, bilhão or trilhão: "um milhão de reais";
// - the centavos follow with "e": "um real e cinquenta centavos"; below one
//   real only the centavos are written: "um centavo".

const UNITS = [
  "zero",
  "um",
  "dois",
  "três",
  "quatro",
  "cinco",
  "seis",
  "sete",
  "oito",
  "nove",
  "dez",
  "onze",
  "doze",
  "treze",
  "quatorze",
  "quinze",
  "dezesseis",
  "dezessete",
  "dezoito",
  "dezenove",
];
const TENS = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"];
const HUNDREDS = [
  "",
  "cento",
  "duzentos",
  "trezentos",
  "quatrocentos",
  "quinhentos",
  "seiscentos",
  "setecentos",
  "oitocentos",
  "novecentos",
];
// Classes above the units, singular and plural; index 0 is "mil".
const SCALES: [string, string][] = [
  ["mil", "mil"],
  ["milhão", "milhões"],
  ["bilhão", "bilhões"],
  ["trilhão", "trilhões"],
];

// 1..999
function belowThousand(n: number): string {
  if (n === 100) return "cem";
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(HUNDREDS[hundreds]);
  if (rest >= 20) {
    words.push(TENS[Math.floor(rest / 10)]);
    if (rest % 10) words.push(UNITS[rest % 10]);
  } else if (rest) words.push(UNITS[rest]);
  return words.join(" e ");
}

// 1..(the largest safe integer's reais), without the currency.
function integerInWords(n: number): { words: string; wholeMillions: boolean } {
  const classes: number[] = []; // least significant first
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) classes.push(rest % 1000);
  const parts: { words: string; value: number }[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const value = classes[i];
    if (!value) continue;
    let words: string;
    if (i === 0) words = belowThousand(value);
    else if (i === 1) words = value === 1 ? "mil" : `${belowThousand(value)} mil`;
    else words = `${belowThousand(value)} ${SCALES[i - 1][value === 1 ? 0 : 1]}`;
    parts.push({ words, value });
  }
  let text = parts[0].words;
  for (let k = 1; k < parts.length; k++) {
    const last = k === parts.length - 1;
    const joined = last && (parts[k].value < 100 || parts[k].value % 100 === 0);
    text += (joined ? " e " : " ") + parts[k].words;
  }
  // The two lowest classes are zero: the amount ends in milhão(ões), bilhão(ões)...
  return { words: text, wholeMillions: n >= 1_000_000 && n % 1_000_000 === 0 };
}

export function amountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in centavos: ${cents}`);
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  if (reais === 0 && centavos === 0) return "zero reais";
  const out: string[] = [];
  if (reais > 0) {
    const { words, wholeMillions } = integerInWords(reais);
    out.push(`${words} ${wholeMillions ? "de reais" : reais === 1 ? "real" : "reais"}`);
  }
  if (centavos > 0) out.push(`${belowThousand(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`);
  return out.join(" e ");
}
