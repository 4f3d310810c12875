// Agency facts shown across the site. The server may override them from the
// environment (see app/utils/env.server.ts); components read them through
// useAgency(), never from the environment directly.
export type Agency = {
  name: string;
  legalName: string;
  creci: string;
  welcome: string;
  whatsapp: string; // digits only, with country code, for wa.me links
  whatsappDisplay: string;
  phone: string; // digits only, for tel: links
  phoneDisplay: string;
  email: string;
  address: string;
  city: string;
  hours: string;
  hoursWeekend: string;
  mapQuery: string;
  facebook: string;
  instagram: string;
  // Where "Fazer simulação" leads: null for our own /simulador; an external
  // simulator (a bank's) when AGENCY_SIMULATOR_URL is set.
  simulatorUrl: string | null;
  // The smallest down payment /simulador accepts, in percent of the value.
  minDownPaymentPercent: number;
};

// A bank's own simulator, offered on /simulador for the official figures.
export const BANK_SIMULATOR_URL =
  "https://www8.caixa.gov.br/siopiinternet-web/simulaOperacaoInternet.do?method=inicializarCasoUso";

// The welcome strip above the header names the agency.
export function welcomeText(name: string) {
  return `Bem-vindo à ${name}: há mais de 15 anos realizando sonhos em Três Lagoas.`;
}

const NAME = "Lagoa Imóveis";

export const defaultAgency: Agency = {
  name: NAME,
  legalName: `${NAME} Ltda.`,
  creci: "CRECI/MS 1234-J",
  welcome: welcomeText(NAME),
  whatsapp: "5567999990000",
  whatsappDisplay: "(67) 99999-0000",
  phone: "556735210000",
  phoneDisplay: "(67) 3521-0000",
  email: "contato@lagoaimoveis.com.br",
  address: "Av. Antônio Trajano, 1000 - Centro, Três Lagoas - MS, 79601-000",
  city: "Três Lagoas - MS",
  hours: "Segunda a sexta, das 7h30 às 17h30",
  hoursWeekend: "Sábados e domingos: fechado",
  mapQuery: "Av. Antônio Trajano, 1000, Três Lagoas - MS",
  facebook: "https://www.facebook.com/lagoaimoveis",
  instagram: "https://www.instagram.com/lagoaimoveis",
  simulatorUrl: null,
  // Banks finance up to 80% of a home's value (SFH), so 20% down.
  minDownPaymentPercent: 20,
};

const WHATSAPP_GREETING = "Olá! Vim pelo site.";

export function whatsappLink(agency: Pick<Agency, "whatsapp">, text: string = WHATSAPP_GREETING) {
  return `https://wa.me/${agency.whatsapp}?text=${encodeURIComponent(text)}`;
}

export function mapEmbedUrl(query: string) {
  return `https://maps.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}
