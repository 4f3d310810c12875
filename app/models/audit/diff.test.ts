import { describe, expect, it } from "vitest";
import { diffChanges, isSecretField } from "./diff";

describe("diffChanges", () => {
  it("keeps only the fields that changed", () => {
    expect(diffChanges({ name: "A", price: 100, featured: 0 }, { name: "B", price: 100, featured: 1 })).toEqual({
      name: ["A", "B"],
      featured: [0, 1],
    });
  });

  it("records a creation and a deletion field by field", () => {
    expect(diffChanges(null, { name: "A", description: null })).toEqual({ name: [null, "A"] });
    expect(diffChanges({ name: "A", images: [1, 2] }, undefined)).toEqual({
      name: ["A", null],
      images: [[1, 2], null],
    });
  });

  it("compares arrays by value and treats undefined as null", () => {
    expect(diffChanges({ images: [1, 2], description: null }, { images: [1, 2], description: undefined })).toEqual({});
    expect(diffChanges({ images: [1, 2] }, { images: [2, 1] })).toEqual({
      images: [
        [1, 2],
        [2, 1],
      ],
    });
  });

  it("never records passwords, hashes or tokens", () => {
    const before = {
      name: "A",
      password_hash: "$argon2id$old",
      token_hash: "x",
      resetToken: "y",
      password: "p1",
      senha: "s",
    };
    const after = {
      name: "B",
      password_hash: "$argon2id$new",
      token_hash: "z",
      resetToken: "w",
      password: "p2",
      senha: "t",
    };
    expect(diffChanges(before, after)).toEqual({ name: ["A", "B"] });
    for (const field of ["password", "password_hash", "token", "token_hash", "api_secret", "currentPassword"])
      expect(isSecretField(field), field).toBe(true);
    for (const field of ["name", "email", "username", "active"]) expect(isSecretField(field), field).toBe(false);
  });
});
