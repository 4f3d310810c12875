import { afterEach, describe, expect, it, vi } from "vitest";

// getEnv() reads the environment once per module instance: each case imports a fresh one.
async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("./env.server");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("agency name from the environment", () => {
  it("keeps the defaults without AGENCY_NAME", async () => {
    const { getAgency, getEnv } = await load({
      AGENCY_NAME: undefined,
      AGENCY_LEGAL_NAME: undefined,
      MAIL_FROM: undefined,
    });
    const agency = getAgency();
    expect(agency.name).toBe("Lagoa Imóveis");
    expect(agency.legalName).toBe("Lagoa Imóveis Ltda.");
    expect(agency.welcome).toBe("Bem-vindo à Lagoa Imóveis: há mais de 15 anos realizando sonhos em Três Lagoas.");
    expect(getEnv().MAIL_FROM).toBe("Lagoa Imóveis <nao-responda@lagoaimoveis.com.br>");
  });

  it("AGENCY_NAME renames the agency, its welcome line, legal name and mail sender", async () => {
    const { getAgency, getEnv } = await load({
      AGENCY_NAME: "Imobiliária Teste",
      AGENCY_LEGAL_NAME: undefined,
      MAIL_FROM: undefined,
    });
    const agency = getAgency();
    expect(agency.name).toBe("Imobiliária Teste");
    expect(agency.legalName).toBe("Imobiliária Teste");
    expect(agency.welcome).toBe("Bem-vindo à Imobiliária Teste: há mais de 15 anos realizando sonhos em Três Lagoas.");
    expect(getEnv().MAIL_FROM).toBe("Imobiliária Teste <nao-responda@lagoaimoveis.com.br>");
  });

  it("quotes a sender name with special characters; MAIL_FROM and AGENCY_LEGAL_NAME win", async () => {
    let env = await load({ AGENCY_NAME: 'Souza, Filhos & "Cia."', AGENCY_LEGAL_NAME: undefined, MAIL_FROM: undefined });
    expect(env.getEnv().MAIL_FROM).toBe('"Souza, Filhos & \\"Cia.\\"" <nao-responda@lagoaimoveis.com.br>');
    env = await load({
      AGENCY_NAME: "Teste",
      AGENCY_LEGAL_NAME: "Teste Imóveis Ltda.",
      MAIL_FROM: "Outro <x@exemplo.com>",
    });
    expect(env.getEnv().MAIL_FROM).toBe("Outro <x@exemplo.com>");
    expect(env.getAgency().legalName).toBe("Teste Imóveis Ltda.");
  });
});

describe("PRIVACY_RETENTION_MONTHS", () => {
  it("defaults to 24 months and takes a whole number of months", async () => {
    expect((await load({ PRIVACY_RETENTION_MONTHS: undefined })).getEnv().PRIVACY_RETENTION_MONTHS).toBe(24);
    expect((await load({ PRIVACY_RETENTION_MONTHS: "36" })).getEnv().PRIVACY_RETENTION_MONTHS).toBe(36);
  });
  it("refuses a period that is not a positive whole number", async () => {
    for (const bad of ["0", "-3", "1.5", "dois anos"]) {
      const { getEnv } = await load({ PRIVACY_RETENTION_MONTHS: bad });
      expect(() => getEnv(), bad).toThrow(/PRIVACY_RETENTION_MONTHS/);
    }
  });
});
