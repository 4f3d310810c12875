import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createCookie, createStaticHandler, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "#app/routes";

// React Router is patched (patches/react-router+*.patch, applied by
// `npm ci`'s postinstall; docs/decisions/0048): the server keeps what is the
// same for every request instead of computing it again. These tests hold the
// patch in place and its answers equal to the unpatched code's.

const dist = path.resolve("node_modules/react-router/dist/development");

describe("the react-router patch", () => {
  it("is applied to both copies Node loads (import and require)", () => {
    const marks = (ext: string) =>
      fs
        .readdirSync(dist)
        .filter((file) => file.endsWith(ext) && !file.startsWith("index-react-server"))
        .reduce(
          (count, file) =>
            count + fs.readFileSync(path.join(dist, file), "utf8").split("PATCH (imobiliaria").length - 1,
          0,
        );
    // Route matches, the static router's data routes, ServerRouter's routes, HMAC keys.
    expect(marks(".mjs")).toBe(4);
    expect(marks(".js")).toBe(4);
  });
});

// The app's own route tree (app/routes.ts) under a root, as the build makes it.
function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const id = entry.id ?? entry.file;
    if (entry.index) return { id, index: true, caseSensitive: entry.caseSensitive };
    return { id, path: entry.path, caseSensitive: entry.caseSensitive, children: toRouteObjects(entry.children ?? []) };
  });
}

function fullPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    return [here || "/", ...fullPaths(entry.children ?? [], here)];
  });
}

// Every route's path with sample values, written the ways a request may write
// it, and paths no route has.
function samplePaths() {
  const paths = new Set<string>();
  for (const pattern of fullPaths(routes)) {
    for (const value of ["12", "a%20b", "ação"]) {
      const concrete = pattern
        .replace(/:[\w-]+\?/g, "")
        .replace(/:[\w-]+/g, value)
        .replace(/\*$/, `x/${value}`)
        .replace(/\/+/g, "/");
      paths.add(concrete);
      paths.add(`${concrete}/`);
      paths.add(concrete.toUpperCase());
      paths.add(`${concrete}/extra`);
    }
  }
  for (const unknown of ["/", "/nao-existe", "/admin/nao-existe", "/admin/clients/12/nao/existe", "//admin"])
    paths.add(unknown);
  return [...paths];
}

function summary(matches: ReturnType<typeof matchRoutes>) {
  return (
    matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null
  );
}

describe("route matching with the patch", () => {
  const handler = createStaticHandler([{ id: "root", path: "", children: toRouteObjects(routes) }]);
  const paths = samplePaths();

  it("gives the same matches as matching without the kept results, the first time and the next", async () => {
    expect(paths.length).toBeGreaterThan(600);
    for (let round = 0; round < 2; round++) {
      for (const pathname of paths) {
        // query() matches through the handler's precomputed branches (kept
        // results); matchRoutes() without them runs the unpatched search.
        const context = await handler.query(new Request(`http://x${pathname}`));
        if (context instanceof Response) throw new Error(`a response for ${pathname}`);
        const expected = summary(matchRoutes(handler.dataRoutes, pathname));
        if (expected) expect(summary(context.matches), pathname).toEqual(expected);
        else expect(context.statusCode, pathname).toBe(404);
      }
    }
  }, 60_000);

  it("hands out copies: changing one answer's params changes no later answer", async () => {
    const first = await handler.query(new Request("http://x/admin/clients/12/edit"));
    if (first instanceof Response) throw new Error("a response");
    expect(first.matches.at(-1)?.params).toEqual({ id: "12" });
    // Matches of one answer share their params object, as React Router builds them.
    expect(first.matches[0].params).toBe(first.matches.at(-1)?.params);
    (first.matches[0].params as Record<string, string>).id = "99";
    const second = await handler.query(new Request("http://x/admin/clients/12/edit"));
    if (second instanceof Response) throw new Error("a response");
    expect(second.matches.at(-1)?.params).toEqual({ id: "12" });
    expect(second.matches[0].route).toBe(first.matches[0].route);
  });
});

describe("signed cookies with the patch", () => {
  it("sign and verify with each secret's key, and refuse a cookie signed with another secret", async () => {
    const cookie = createCookie("t", { secrets: ["segredo-um-com-tamanho-suficiente"] });
    const other = createCookie("t", { secrets: ["segredo-dois-com-tamanho-suficiente"] });
    const header = await cookie.serialize("valor");
    expect(await cookie.parse(header)).toBe("valor");
    expect(await cookie.parse(await cookie.serialize("outro"))).toBe("outro");
    expect(await other.parse(header)).toBeNull();
    expect(await other.parse(await other.serialize("valor"))).toBe("valor");
  });
});
