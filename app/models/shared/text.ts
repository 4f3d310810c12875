// Text compared the way people search: case and accents ignored, runs of
// white space as one. The property search's stored search_text, the lists'
// search box and SQLite's fold() (app/db/db.server.ts) all go through it, so
// what is typed and what is stored fold alike.
export function normalizeText(value: string) {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
