// A Content-Disposition header with a file's original name (RFC 6266 and
// RFC 5987): an ASCII fallback for old clients and the UTF-8 name in
// filename*. Quotes, backslashes and control characters never reach the header.
export function contentDisposition(kind: "inline" | "attachment", name: string) {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "arquivo";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
