import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_FILE, buildSprite, iconNames } from "../../scripts/make-icon-sprite";

describe("icon sprite", () => {
  it("has one symbol for each icon the components use, as npm run icons draws it", () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(iconNames());
    expect(ids).toContain("MapPin");
    expect(sprite).toBe(buildSprite());
  });

  it("lists no icon that no component imports", () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/ui\/(private-)?icons\.tsx$/.test(file)) {
          const source = fs.readFileSync(file, "utf8");
          for (const m of source.matchAll(/import \{([^}]*)\} from "#app\/components\/ui\/(private-)?icons"/g)) {
            for (const name of m[1].split(",")) used.add(name.replace(/^\s*type\s+/, "").trim());
          }
        }
      }
    };
    walk("app");
    used.delete("");
    const unused = iconNames().filter((name) => !used.has(name));
    expect(unused).toEqual([]);
  });
});
