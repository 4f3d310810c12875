// A stored file's name always ends in an extension of the type its content
// was detected as: a PDF sent as "boleto.pdf.exe" or "boleto.html" is offered
// back as "boleto.pdf", so the name a person downloads never tells their
// computer to open it as something else.

const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": [".pdf"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
  "application/msword": [".doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
};

// A trailing ".xyz" that reads as an extension (letters and digits only, so
// "Contrato Sr. Silva" keeps its words).
const LAST_EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

export function nameWithExtension(name: string, mime: string) {
  const extensions = EXTENSIONS[mime];
  if (!extensions) return name;
  const matches = (n: string) => extensions.some((ext) => n.toLowerCase().endsWith(ext));
  if (matches(name)) return name;
  const base = name.replace(LAST_EXTENSION, "");
  return matches(base) ? base : `${base}${extensions[0]}`;
}
