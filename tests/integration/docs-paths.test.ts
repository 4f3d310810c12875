import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOUSEKEEPING_TASKS } from "#app/models/ops/housekeeping.server";

// The docs name files and folders (`app/utils/log.server.ts`, `owners/`), and a
// rename or a move leaves them pointing at nothing without anyone noticing.
// This test reads every backticked token of the docs below that looks like a
// path and checks that the repository has it, so the docs cannot go stale
// silently.
//
// What counts as a path: a token without spaces that ends with a file
// extension we keep in the repository, ends with "/", or starts with one of the
// repository's top-level folders. Skipped: placeholders and patterns (`<name>`,
// `*`, `{a,b}`), URLs and absolute paths (`/imoveis`, `/usr/bin/chromium`),
// package names (`@react-router/express`), and the runtime folders that
// .gitignore keeps out (`data/`, `uploads/`), and the few names below that are
// not in the repository by nature.
//
// How a path resolves: from the repository root (`app/routes.ts`), or, as the
// docs write a path relative to the folder the sentence or the table row is
// about (`models/owners/`, `billing/months.ts`, `about.tsx`), as the tail of a
// path that exists: some file or folder whose path ends with "/" + the token.

const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = ["README.md", "docs/architecture.md", "docs/product.md"];

const NOT_IN_REPOSITORY = new Set([
  "manifest.json", // README: a file inside a backup archive
  "private/", // architecture.md: a folder under UPLOADS_DIR (uploads/ by default)
]);

const EXTENSIONS = /\.(tsx?|[cm]?js|md|json|css|svg|patch|ya?ml|sql|html)$/;
const PLACEHOLDER = /[<>*{}\s]/;

function ignoredNames(): string[] {
  return fs
    .readFileSync(path.join(ROOT, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => line.replace(/\/$/, ""));
}

// Every file and folder of the repository, as "a/b/c" (folders end with "/"),
// without what .gitignore keeps out and without .git.
function repositoryPaths(): Set<string> {
  const ignored = new Set([...ignoredNames(), ".git"]);
  const paths = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (ignored.has(entry.name)) continue;
      const relative = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        paths.add(`${relative}/`);
        walk(relative);
      } else {
        paths.add(relative);
      }
    }
  };
  walk("");
  return paths;
}

function topLevelFolders(paths: Set<string>): string[] {
  return [...paths].filter((p) => /^[^/]+\/$/.test(p));
}

function pathTokens(markdown: string, topFolders: string[], ignored: string[]): string[] {
  const tokens = new Set<string>();
  for (const match of markdown.matchAll(/`([^`\n]+)`/g)) {
    const token = match[1]!.replace(/^\.\//, "");
    if (PLACEHOLDER.test(token) || token.startsWith("/") || token.startsWith("@")) continue;
    if (token.includes("://") || token.startsWith(".") || token === "") continue;
    if (NOT_IN_REPOSITORY.has(token) || ignored.includes(token.replace(/\/$/, "").split("/")[0]!)) continue;
    const looksLikePath =
      EXTENSIONS.test(token) || token.endsWith("/") || topFolders.some((folder) => token.startsWith(folder));
    if (looksLikePath) tokens.add(token);
  }
  return [...tokens];
}

function exists(token: string, paths: Set<string>): boolean {
  if (paths.has(token) || paths.has(`${token}/`)) return true;
  const tail = `/${token}`;
  for (const p of paths) {
    if (p.endsWith(tail) || p.endsWith(`${tail}/`)) return true;
  }
  return false;
}

describe("the paths the docs name", () => {
  const paths = repositoryPaths();
  const topFolders = topLevelFolders(paths);
  const ignored = ignoredNames();

  for (const doc of DOCS) {
    it(`exist: ${doc}`, () => {
      const tokens = pathTokens(fs.readFileSync(path.join(ROOT, doc), "utf8"), topFolders, ignored);
      // A doc that names no path at all means the extraction broke.
      expect(tokens.length).toBeGreaterThan(5);
      expect(tokens.filter((token) => !exists(token, paths))).toEqual([]);
    });
  }

  it("the extraction finds a stale path and skips placeholders", () => {
    const markdown = [
      "`app/routes.ts` `files/contract.ts` `app/models/<domain>/` `app/**/*.test.ts`",
      "`/imoveis` `@react-router/express` `data/` `x-csp-nonce` `npm run icons` `owners/`",
    ].join("\n");
    const tokens = pathTokens(markdown, topFolders, ignored);
    expect(tokens).toEqual(["app/routes.ts", "files/contract.ts", "owners/"]);
    expect(tokens.filter((token) => !exists(token, paths))).toEqual(["files/contract.ts"]);
  });

  // The folder list of docs/architecture.md names each domain folder; a new
  // domain must be added there (the list is not backticked, so the test above
  // does not see it).
  it("the folder list of architecture.md names every app/models folder", () => {
    const architecture = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const folderList = /## 2\. Folders\n+```\n([\s\S]*?)```/.exec(architecture)?.[1] ?? "";
    const modelsEntry = /models\/<domain>\/([\s\S]*?)\n {2}db\//.exec(folderList)?.[1] ?? "";
    const named = new Set(modelsEntry.match(/[a-z][a-z-]*/g) ?? []);
    const domains = fs
      .readdirSync(path.join(ROOT, "app/models"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(domains.length).toBeGreaterThan(5);
    expect(domains.filter((domain) => !named.has(domain))).toEqual([]);
  });

  // The hourly work is listed task by task in architecture.md, by its name.
  it("architecture.md names every hourly housekeeping task", () => {
    const architecture = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const names = HOUSEKEEPING_TASKS.map((task) => task.name);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });
});
