import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { packStrings, packedLength, stringAt, textAt } from "./packed-strings";

describe("packed strings", () => {
  it("gives back every value, empty strings and nulls apart, after a structured clone", () => {
    const values = ["ofx:001:1:A", "", null, "JOÃO DA SILVA", "😀 emoji", undefined, "z"];
    const packed = v8.deserialize(v8.serialize(packStrings(values))) as ReturnType<typeof packStrings>;
    expect(packedLength(packed)).toBe(values.length);
    expect(values.map((_, i) => stringAt(packed, i))).toEqual([
      "ofx:001:1:A",
      "",
      null,
      "JOÃO DA SILVA",
      "😀 emoji",
      null,
      "z",
    ]);
    expect(textAt(packed, 2)).toBe("");
  });

  it("packs nothing as nothing", () => {
    expect(packedLength(packStrings([]))).toBe(0);
  });
});
