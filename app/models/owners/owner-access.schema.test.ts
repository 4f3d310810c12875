import { describe, expect, it } from "vitest";
import { BANK_REQUEST_MESSAGES, bankRequestSchema } from "./owner-access.schema";

// The owner's "Pedir alteração" (decision 0077): something to change, and
// never a new Pix key together with "remove the Pix key".
describe("the bank details change request", () => {
  const errors = (input: Record<string, string>) => {
    const parsed = bankRequestSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it("asks for something to change", () => {
    expect(errors({})).toEqual([BANK_REQUEST_MESSAGES.empty]);
    expect(errors({ note: "Só uma observação" })).toEqual([BANK_REQUEST_MESSAGES.empty]);
  });

  it("takes a new key, a new account, or receiving in the account", () => {
    expect(bankRequestSchema.parse({ pix_key: "dona@exemplo.com" })).toMatchObject({
      pix_key: "dona@exemplo.com",
      remove_pix: false,
    });
    expect(bankRequestSchema.parse({ bank_account: "Caixa, ag. 1, c/c 2", remove_pix: "on" })).toMatchObject({
      bank_account: "Caixa, ag. 1, c/c 2",
      remove_pix: true,
    });
    expect(bankRequestSchema.parse({ remove_pix: "on" })).toMatchObject({ remove_pix: true });
  });

  it("refuses a new key with the key removed", () => {
    expect(errors({ pix_key: "dona@exemplo.com", remove_pix: "on" })).toEqual([BANK_REQUEST_MESSAGES.pixAndRemove]);
  });
});
