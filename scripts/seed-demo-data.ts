// Demo listings for Três Lagoas: data and the seeding logic, shared by the CLI
// (scripts/seed-demo.ts) and the demo runner (scripts/demo.ts). The list covers
// every category, type, neighbourhood, modality, standard and status of
// options.ts, so each filter of the site has something to show.
import { randomBytes } from "node:crypto";
import { constants as fsConstants, promises as fs } from "node:fs";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "#app/db/schema";
import { insertProperty } from "#app/models/properties/admin/property-admin.server";
import {
  deleteListingImageFiles,
  listingImagePath,
  listingJpegPath,
  storeListingImage,
} from "#app/models/properties/image-store.server";
import type { StoredImage } from "#app/models/properties/images";
import { CATEGORIES, type PropertyStatus } from "#app/models/properties/options";
import { cents } from "#app/models/shared/money";
import { sceneSvg, type PaletteName, type SceneKind } from "./lib/scenes";

// ---------------------------------------------------------------- images

// A small pool of scenes is encoded once; listing images are file copies of
// it under fresh keys, so seeding costs ~13 encodes instead of ~150.
const POOL = {
  "house-day": ["modern-house", "day"],
  "house-pool": ["pool-house", "golden"],
  "house-old": ["old-house", "morning"],
  townhouses: ["townhouses", "teal"],
  "tower-day": ["tower", "day"],
  "towers-dusk": ["twin-towers", "dusk"],
  construction: ["construction", "morning"],
  launch: ["launch", "golden"],
  shops: ["storefronts", "teal"],
  office: ["office", "day"],
  warehouse: ["warehouse", "morning"],
  lot: ["lot", "golden"],
  living: ["living-room", "day"],
} as const satisfies Record<string, readonly [SceneKind, PaletteName]>;
type Scene = keyof typeof POOL;

// Gallery order after the cover, by type: the most relevant scenes first, the
// neighbourhood (shops, lots, towers) last.
const GALLERY: Record<string, Scene[]> = {
  Casa: ["house-day", "living", "house-pool", "townhouses", "house-old", "lot", "shops", "tower-day"],
  Apartamento: ["tower-day", "living", "towers-dusk", "house-pool", "launch", "construction", "shops", "lot"],
  Comercial: ["shops", "office", "tower-day", "towers-dusk", "living", "warehouse", "lot", "house-day"],
  Sala: ["office", "living", "shops", "tower-day", "towers-dusk", "launch", "warehouse", "lot"],
  Galpão: ["warehouse", "lot", "shops", "office", "construction", "tower-day", "house-day", "townhouses"],
  Terreno: ["lot", "house-day", "townhouses", "house-old", "shops", "tower-day", "house-pool", "launch"],
};

// ---------------------------------------------------------------- listings

type Demo = {
  name: string;
  type: "Apartamento" | "Casa" | "Comercial" | "Terreno" | "Sala" | "Galpão";
  status: PropertyStatus;
  category: string; // slug of CATEGORIES
  street: string;
  neighborhood: "Centro" | "Jardim Alvorada" | "Santos Dumont" | "Interlagos" | "Portal das Águas" | "Mais Parque";
  cep: string; // a CEP of Três Lagoas (79600-000 to 79649-999): the portal feed needs it
  price: number | null; // reais; rentals per month; null = SOB CONSULTA
  area: number;
  rooms: [bedrooms: number, suites: number, bathrooms: number, parking: number];
  featured?: boolean;
  exclusive?: boolean;
  standard: "MINHA CASA MINHA VIDA" | "MEDIO PADRÃO" | "ALTO PADRÃO";
  advertised_for: "COMPRA" | "LOCAÇÃO" | "LANÇAMENTO";
  cover: Scene;
  images: number;
  description: string | null;
};

const LISTINGS: Demo[] = [
  {
    name: "Residencial Jardim das Paineiras",
    type: "Apartamento",
    status: "launch",
    category: "lancamentos",
    street: "Rua Elmano Soares, 1450",
    neighborhood: "Jardim Alvorada",
    cep: "79610-137",
    price: 389_000,
    area: 68,
    rooms: [2, 1, 2, 1],
    featured: true,
    exclusive: true,
    standard: "MEDIO PADRÃO",
    advertised_for: "LANÇAMENTO",
    cover: "launch",
    images: 8,
    description:
      "Lançamento com apartamentos de 2 quartos, sendo 1 suíte, varanda gourmet e vaga coberta. O condomínio terá piscina, academia, salão de festas e playground. Condições especiais de pré-lançamento com entrada parcelada direto com a construtora.",
  },
  {
    name: "Casa térrea com piscina no Jardim Alvorada",
    type: "Casa",
    status: "ready",
    category: "imoveis-novos",
    street: "Rua Munir Thomé, 387",
    neighborhood: "Jardim Alvorada",
    cep: "79610-274",
    price: 890_000,
    area: 220,
    rooms: [3, 3, 4, 2],
    featured: true,
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "house-pool",
    images: 7,
    description:
      "Casa térrea recém-construída com três suítes, sala integrada com pé-direito alto e cozinha planejada. Área de lazer com piscina, churrasqueira e jardim. Terreno de 360 m² em rua tranquila, a poucos minutos da Lagoa Maior.",
  },
  {
    name: "Apartamento 2 quartos no Centro para locação",
    type: "Apartamento",
    status: "ready",
    category: "imoveis-usados",
    street: "Rua Paranaíba, 912",
    neighborhood: "Centro",
    cep: "79601-411",
    price: 1_800,
    area: 62,
    rooms: [2, 0, 1, 1],
    standard: "MEDIO PADRÃO",
    advertised_for: "LOCAÇÃO",
    cover: "tower-day",
    images: 4,
    description:
      "Apartamento bem localizado, perto de bancos, farmácias e do comércio da Avenida Antônio Trajano dos Santos. Dois quartos com armários, sala para dois ambientes e uma vaga de garagem. Condomínio com portaria e elevador.",
  },
  {
    name: "Terreno de 360 m² no Portal das Águas",
    type: "Terreno",
    status: "land",
    category: "areas-terrenos",
    street: "Rua das Orquídeas, 55",
    neighborhood: "Portal das Águas",
    cep: "79640-548",
    price: 120_000,
    area: 360,
    rooms: [0, 0, 0, 0],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "lot",
    images: 1,
    description:
      "Terreno plano de 12 x 30 m, pronto para construir, com água, energia e asfalto. Documentação em dia e escritura disponível.",
  },
  {
    name: "Sala comercial na Avenida Rosário Congro",
    type: "Sala",
    status: "commercial",
    category: "comerciais",
    street: "Avenida Rosário Congro, 1130",
    neighborhood: "Centro",
    cep: "79601-685",
    price: 2_200,
    area: 45,
    rooms: [0, 0, 1, 1],
    standard: "MEDIO PADRÃO",
    advertised_for: "LOCAÇÃO",
    cover: "office",
    images: 3,
    description:
      "Sala comercial de 45 m² com banheiro privativo, ar-condicionado e recepção compartilhada. Ideal para escritório, consultório ou clínica. Prédio com elevador e estacionamento para clientes.",
  },
  {
    name: "Galpão logístico próximo à BR-262",
    type: "Galpão",
    status: "commercial",
    category: "comerciais",
    street: "Avenida Ranulpho Marques Leal, 4200",
    neighborhood: "Interlagos",
    cep: "79630-822",
    price: 18_000,
    area: 1_200,
    rooms: [0, 0, 2, 6],
    standard: "ALTO PADRÃO",
    advertised_for: "LOCAÇÃO",
    cover: "warehouse",
    images: 5,
    description:
      "Galpão de 1.200 m² com pé-direito de 10 m, duas docas e pátio de manobras para carretas. Escritório administrativo, vestiários e energia trifásica. Acesso rápido à BR-262 e às fábricas de celulose.",
  },
  {
    name: "Residencial Mais Parque: casas de 2 quartos",
    type: "Casa",
    status: "construction",
    category: "em-obras",
    street: "Rua Projetada A, 120",
    neighborhood: "Mais Parque",
    cep: "79645-959",
    price: 189_000,
    area: 48,
    rooms: [2, 0, 1, 1],
    featured: true,
    standard: "MINHA CASA MINHA VIDA",
    advertised_for: "LANÇAMENTO",
    cover: "townhouses",
    images: 6,
    description:
      "Casas de 2 quartos em obras, com entrega prevista para o próximo ano. Enquadradas no programa Minha Casa Minha Vida, com subsídio e financiamento pela Caixa. Bairro planejado com praças, escola e posto de saúde.",
  },
  {
    name: "Edifício Vista do Rio",
    type: "Apartamento",
    status: "blueprint",
    category: "lancamentos",
    street: "Avenida Capitão Olinto Mancini, 2500",
    neighborhood: "Santos Dumont",
    cep: "79620-096",
    price: null,
    area: 132,
    rooms: [3, 3, 4, 2],
    featured: true,
    exclusive: true,
    standard: "ALTO PADRÃO",
    advertised_for: "LANÇAMENTO",
    cover: "towers-dusk",
    images: 8,
    description:
      "Empreendimento na planta com três suítes, varanda com churrasqueira e duas vagas. Andares altos com vista para o Rio Paraná. Tabela e condições de pagamento sob consulta com nossos corretores.",
  },
  {
    name: "Casa para reformar no Santos Dumont",
    type: "Casa",
    status: "renovation",
    category: "imoveis-usados",
    street: "Rua João Carrato, 648",
    neighborhood: "Santos Dumont",
    cep: "79620-233",
    price: 265_000,
    area: 140,
    rooms: [3, 1, 2, 2],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "house-old",
    images: 4,
    description:
      "Casa em reforma com 3 quartos, sendo 1 suíte, quintal amplo e garagem para dois carros. Telhado e parte elétrica já refeitos. Ótima oportunidade para quem quer personalizar o acabamento.",
  },
  {
    name: "Loja de esquina no Centro",
    type: "Comercial",
    status: "commercial",
    category: "comerciais",
    street: "Avenida Antônio Trajano dos Santos, 780",
    neighborhood: "Centro",
    cep: "79601-370",
    price: 650_000,
    area: 180,
    rooms: [0, 0, 2, 0],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "shops",
    images: 5,
    description:
      "Ponto comercial de esquina com 180 m², vitrine para duas ruas e grande fluxo de pedestres. Mezanino, dois banheiros e depósito. Imóvel locado, com boa rentabilidade para investidor.",
  },
  {
    name: "Sobrado com 3 suítes no Interlagos",
    type: "Casa",
    status: "ready",
    category: "imoveis-usados",
    street: "Rua Zuleide Perez Tabox, 233",
    neighborhood: "Interlagos",
    cep: "79630-507",
    price: 720_000,
    area: 250,
    rooms: [3, 3, 5, 3],
    featured: true,
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "house-day",
    images: 6,
    description:
      "Sobrado bem conservado com três suítes, escritório e sala de TV no piso superior. Cozinha planejada, área gourmet com churrasqueira e garagem para três carros. Próximo a escolas e ao Shopping Três Lagoas.",
  },
  {
    name: "Apartamento de 4 quartos no Edifício Lagoa Maior",
    type: "Apartamento",
    status: "ready",
    category: "imoveis-usados",
    street: "Avenida Eloy Chaves, 1020",
    neighborhood: "Centro",
    cep: "79601-644",
    price: 1_150_000,
    area: 180,
    rooms: [4, 2, 4, 3],
    featured: true,
    exclusive: true,
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "tower-day",
    images: 7,
    description:
      "Apartamento amplo de frente para a Lagoa Maior, com 4 quartos, 2 suítes e varanda gourmet. Armários planejados em todos os ambientes e três vagas de garagem. Condomínio com piscina, salão de festas e segurança 24 horas.",
  },
  {
    name: "Área de 2 hectares no Interlagos",
    type: "Terreno",
    status: "land",
    category: "areas-terrenos",
    street: "Estrada Municipal TL-10, km 2",
    neighborhood: "Interlagos",
    cep: "79630-781",
    price: null,
    area: 20_000,
    rooms: [0, 0, 0, 0],
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "lot",
    images: 2,
    description:
      "Área de 2 hectares com acesso pela estrada municipal, cercada e com poço artesiano. Boa para chácara de lazer, criação de pequenos animais ou investimento na região de expansão do Interlagos.",
  },
  {
    name: "Residencial Portal das Águas: Torre 2",
    type: "Apartamento",
    status: "future",
    category: "em-obras",
    street: "Rua Dr. Mário Gomes, 300",
    neighborhood: "Portal das Águas",
    cep: "79640-918",
    price: 315_000,
    area: 58,
    rooms: [2, 1, 2, 1],
    standard: "MEDIO PADRÃO",
    advertised_for: "LANÇAMENTO",
    cover: "construction",
    images: 6,
    description:
      "Segunda torre do residencial, com entrega futura e obras já iniciadas. Apartamentos de 2 quartos com suíte, sacada e vaga demarcada. Financiamento bancário e uso do FGTS.",
  },
  {
    name: "Casa de 2 quartos para alugar no Mais Parque",
    type: "Casa",
    status: "ready",
    category: "imoveis-usados",
    street: "Rua Egídio Thomé, 41",
    neighborhood: "Mais Parque",
    cep: "79645-055",
    price: 1_300,
    area: 55,
    rooms: [2, 0, 1, 1],
    standard: "MINHA CASA MINHA VIDA",
    advertised_for: "LOCAÇÃO",
    cover: "townhouses",
    images: 3,
    description:
      "Casa com 2 quartos, sala, cozinha e área de serviço coberta. Quintal murado e portão eletrônico. Perto de escola municipal e linha de ônibus.",
  },
  {
    name: "Condomínio de casas Alvorada Garden",
    type: "Casa",
    status: "construction",
    category: "em-obras",
    street: "Rua Oscar Guimarães, 1800",
    neighborhood: "Jardim Alvorada",
    cep: "79610-192",
    price: 980_000,
    area: 210,
    rooms: [3, 3, 4, 2],
    featured: true,
    standard: "ALTO PADRÃO",
    advertised_for: "LANÇAMENTO",
    cover: "house-pool",
    images: 7,
    description:
      "Casas em condomínio fechado, em fase de acabamento, com três suítes e piscina privativa. Clube com quadra de tênis, academia e espaço pet. Portaria 24 horas e ruas arborizadas.",
  },
  {
    name: "Lote em condomínio fechado no Jardim Alvorada",
    type: "Terreno",
    status: "land",
    category: "areas-terrenos",
    street: "Rua Bom Jesus, 900, lote 14",
    neighborhood: "Jardim Alvorada",
    cep: "79610-329",
    price: 290_000,
    area: 450,
    rooms: [0, 0, 0, 0],
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "lot",
    images: 2,
    description:
      "Lote de 450 m² em condomínio fechado com infraestrutura completa e área verde. Projeto de casa aprovado pode ser apresentado ao comprador.",
  },
  {
    name: "Sala comercial de 70 m² no Santos Dumont",
    type: "Sala",
    status: "commercial",
    category: "comerciais",
    street: "Avenida Filinto Müller, 1545",
    neighborhood: "Santos Dumont",
    cep: "79620-466",
    price: 340_000,
    area: 70,
    rooms: [0, 0, 2, 2],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "office",
    images: 3,
    description:
      "Sala ampla em edifício comercial novo, com dois banheiros e copa. Duas vagas de garagem e gerador para áreas comuns. Excelente para escritório de contabilidade ou advocacia.",
  },
  {
    name: "Casa nova de 3 quartos no Portal das Águas",
    type: "Casa",
    status: "ready",
    category: "imoveis-novos",
    street: "Rua das Acácias, 212",
    neighborhood: "Portal das Águas",
    cep: "79640-603",
    price: 459_000,
    area: 130,
    rooms: [3, 1, 2, 2],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "house-day",
    images: 5,
    description:
      "Casa nunca habitada com 3 quartos, sendo 1 suíte, sala e cozinha integradas e área gourmet. Acabamento em porcelanato e forro de gesso. Aceita financiamento.",
  },
  {
    name: "Apartamento novo no Santos Dumont",
    type: "Apartamento",
    status: "ready",
    category: "imoveis-novos",
    street: "Rua Clodoaldo Garcia, 77",
    neighborhood: "Santos Dumont",
    cep: "79620-740",
    price: 329_000,
    area: 72,
    rooms: [2, 1, 2, 1],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "tower-day",
    images: 4,
    description:
      "Apartamento pronto para morar, com 2 quartos, suíte e sacada com churrasqueira. Prédio com elevador, salão de festas e bicicletário.",
  },
  {
    name: "Galpão industrial com escritório no Mais Parque",
    type: "Galpão",
    status: "ready",
    category: "comerciais",
    street: "Avenida Industrial Norte, 3100",
    neighborhood: "Mais Parque",
    cep: "79645-877",
    price: 1_450_000,
    area: 900,
    rooms: [0, 0, 2, 4],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "warehouse",
    images: 4,
    description:
      "Galpão de 900 m² em terreno de 2.000 m², com escritório, refeitório e cabine de energia própria. Portões para caminhões e área descoberta para estoque. Localização estratégica para indústria e distribuição.",
  },
  {
    name: "Ponto comercial na Avenida Capitão Olinto Mancini",
    type: "Comercial",
    status: "renovation",
    category: "comerciais",
    street: "Avenida Capitão Olinto Mancini, 640",
    neighborhood: "Centro",
    cep: "79601-014",
    price: 6_500,
    area: 220,
    rooms: [0, 0, 2, 2],
    standard: "MEDIO PADRÃO",
    advertised_for: "LOCAÇÃO",
    cover: "shops",
    images: 3,
    description:
      "Ponto comercial em reforma em uma das avenidas mais movimentadas da cidade. Salão amplo, dois banheiros e estacionamento frontal. Entrega prevista em 30 dias.",
  },
  {
    name: "Casa com 2 quartos no Mais Parque",
    type: "Casa",
    status: "ready",
    category: "imoveis-usados",
    street: "Rua Projetada C, 58",
    neighborhood: "Mais Parque",
    cep: "79645-151",
    price: 175_000,
    area: 52,
    rooms: [2, 0, 1, 1],
    standard: "MINHA CASA MINHA VIDA",
    advertised_for: "COMPRA",
    cover: "townhouses",
    images: 2,
    description:
      "Casa com 2 quartos, sala, cozinha, banheiro social e garagem coberta para um carro. Quintal com espaço para área de serviço, em rua asfaltada perto de escola e mercado.",
  },
  {
    name: "Residencial Parque das Lagoas",
    type: "Apartamento",
    status: "blueprint",
    category: "lancamentos",
    street: "Rua Alfredo Justino, 1500",
    neighborhood: "Interlagos",
    cep: "79630-288",
    price: 219_000,
    area: 45,
    rooms: [2, 0, 1, 1],
    featured: true,
    standard: "MINHA CASA MINHA VIDA",
    advertised_for: "LANÇAMENTO",
    cover: "launch",
    images: 6,
    description:
      "Apartamentos na planta de 2 quartos, dentro do programa Minha Casa Minha Vida. Condomínio com piscina, churrasqueira e playground. Entrada facilitada e parcelas que cabem no bolso.",
  },
  {
    name: "Cobertura duplex no Centro",
    type: "Apartamento",
    status: "ready",
    category: "imoveis-usados",
    street: "Rua Paranaíba, 455",
    neighborhood: "Centro",
    cep: "79601-425",
    price: null,
    area: 260,
    rooms: [4, 4, 5, 3],
    featured: true,
    exclusive: true,
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "towers-dusk",
    images: 8,
    description:
      "Cobertura duplex com quatro suítes, terraço com piscina e vista para a Lagoa Maior. Living com lareira, cozinha gourmet e elevador privativo. Valor sob consulta; visitas somente com agendamento.",
  },
  {
    name: "Terreno comercial na Avenida Ranulpho Marques Leal",
    type: "Terreno",
    status: "land",
    category: "areas-terrenos",
    street: "Avenida Ranulpho Marques Leal, 2890",
    neighborhood: "Santos Dumont",
    cep: "79620-562",
    price: 540_000,
    area: 1_000,
    rooms: [0, 0, 0, 0],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "lot",
    images: 3,
    description:
      "Terreno de 1.000 m² com frente para a avenida, ideal para posto, loja ou pequeno centro comercial. Topografia plana e zoneamento comercial.",
  },
  {
    name: "Casa com edícula no Interlagos",
    type: "Casa",
    status: "ready",
    category: "imoveis-usados",
    street: "Rua Alfredo Justino, 318",
    neighborhood: "Interlagos",
    cep: "79630-699",
    price: 380_000,
    area: 160,
    rooms: [3, 1, 3, 2],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "house-old",
    images: 5,
    description:
      "Casa com 3 quartos e edícula nos fundos com quarto, banheiro e área de churrasco. Quintal com árvores frutíferas e garagem coberta. Boa opção para quem trabalha em casa ou recebe família.",
  },
  {
    name: "Apartamento mobiliado para locação no Jardim Alvorada",
    type: "Apartamento",
    status: "ready",
    category: "imoveis-novos",
    street: "Rua Elmano Soares, 880",
    neighborhood: "Jardim Alvorada",
    cep: "79610-836",
    price: 3_500,
    area: 85,
    rooms: [3, 1, 2, 2],
    standard: "ALTO PADRÃO",
    advertised_for: "LOCAÇÃO",
    cover: "living",
    images: 6,
    description:
      "Apartamento novo e mobiliado, com 3 quartos, suíte e varanda. Pronto para morar, com eletrodomésticos, ar-condicionado nos quartos e duas vagas. Aluguel com condomínio incluso.",
  },
  {
    name: "Sala em edifício corporativo em construção",
    type: "Sala",
    status: "construction",
    category: "em-obras",
    street: "Avenida Rosário Congro, 2040",
    neighborhood: "Centro",
    cep: "79601-973",
    price: 410_000,
    area: 38,
    rooms: [0, 0, 1, 1],
    standard: "ALTO PADRÃO",
    advertised_for: "LANÇAMENTO",
    cover: "construction",
    images: 4,
    description:
      "Salas comerciais em edifício corporativo com obras em andamento. Auditório, coworking e estacionamento rotativo no térreo. Ótimo investimento para renda de locação.",
  },
  {
    name: "Lançamento Vila Mais Parque",
    type: "Casa",
    status: "launch",
    category: "lancamentos",
    street: "Rua Projetada F, 10",
    neighborhood: "Mais Parque",
    cep: "79645-110",
    price: 199_000,
    area: 50,
    rooms: [2, 0, 1, 1],
    standard: "MINHA CASA MINHA VIDA",
    advertised_for: "LANÇAMENTO",
    cover: "townhouses",
    images: 5,
    description:
      "Lançamento de casas geminadas com 2 quartos, quintal e vaga. Documentação facilitada e subsídio do programa habitacional. Reserve a sua unidade com sinal reduzido.",
  },
  {
    name: "Loja em galeria no Santos Dumont",
    type: "Comercial",
    status: "ready",
    category: "comerciais",
    street: "Rua João Carrato, 1210",
    neighborhood: "Santos Dumont",
    cep: "79620-247",
    price: 2_800,
    area: 40,
    rooms: [0, 0, 1, 0],
    standard: "MEDIO PADRÃO",
    advertised_for: "LOCAÇÃO",
    cover: "shops",
    images: 2,
    description:
      "Loja de 40 m² em galeria com boa circulação, vitrine ampla e banheiro. Ideal para prestação de serviços ou varejo de bairro.",
  },
  {
    name: "Casa de alto padrão às margens da lagoa",
    type: "Casa",
    status: "ready",
    category: "imoveis-novos",
    street: "Rua Zuleide Perez Tabox, 1001",
    neighborhood: "Interlagos",
    cep: "79630-384",
    price: 1_280_000,
    area: 320,
    rooms: [4, 4, 6, 4],
    featured: true,
    exclusive: true,
    standard: "ALTO PADRÃO",
    advertised_for: "COMPRA",
    cover: "house-pool",
    images: 8,
    description:
      "Residência contemporânea com quatro suítes, home office e sala de cinema. Área de lazer completa com piscina aquecida, espaço gourmet e jardim paisagístico. Automação residencial e energia solar.",
  },
  {
    name: "Área para loteamento no Portal das Águas",
    type: "Terreno",
    status: "land",
    category: "areas-terrenos",
    street: "Rodovia MS-395, km 3",
    neighborhood: "Portal das Águas",
    cep: "79640-521",
    price: 1_900_000,
    area: 48_000,
    rooms: [0, 0, 0, 0],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "lot",
    images: 2,
    description:
      "Gleba de 4,8 hectares em zona de expansão urbana, com acesso asfaltado. Estudo preliminar para cerca de 120 lotes. Ideal para incorporadoras e loteadoras.",
  },
  {
    name: "Apartamento de 3 quartos em reforma no Centro",
    type: "Apartamento",
    status: "renovation",
    category: "imoveis-usados",
    street: "Rua Dom Aquino, 505",
    neighborhood: "Centro",
    cep: "79601-658",
    price: 295_000,
    area: 90,
    rooms: [3, 1, 2, 1],
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
    cover: "tower-day",
    images: 4,
    description:
      "Apartamento espaçoso passando por reforma completa de cozinha e banheiros. Três quartos, sendo um suíte, e dependência de serviço. Próximo à Praça Senador Ramez Tebet.",
  },
];

// ---------------------------------------------------------------- seeding

// Runs `fn` over `items`, at most `limit` at a time (the seed runs on 2 cores).
// On a failure it waits for the calls in flight, so the caller's clean-up sees
// every file that was written.
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const rejected = settled.find((r) => r.status === "rejected");
  if (rejected) throw rejected.reason;
  return out;
}

// Each encoded image is also pushed to `files` at once, so a later failure can
// still remove it.
async function encodePool(files: StoredImage[]): Promise<Record<Scene, StoredImage>> {
  const names = Object.keys(POOL) as Scene[];
  const stored = await mapLimit(names, 2, async (name) => {
    const [kind, palette] = POOL[name];
    const seed = names.indexOf(name) + 1;
    // PNG level 1: a fast lossless hand-off to the real upload pipeline.
    const png = await sharp(Buffer.from(sceneSvg(kind, 1600, 1067, palette, seed)))
      .png({ compressionLevel: 1 })
      .toBuffer();
    const img = await storeListingImage(png);
    files.push(img);
    return img;
  });
  return Object.fromEntries(names.map((n, i) => [n, stored[i]])) as Record<Scene, StoredImage>;
}

async function copyImage(src: StoredImage): Promise<StoredImage> {
  const file_key = randomBytes(16).toString("hex");
  const copy = { ...src, file_key };
  try {
    for (const w of src.widths) {
      await fs.copyFile(listingImagePath(src.file_key, w), listingImagePath(file_key, w), fsConstants.COPYFILE_EXCL);
    }
    // The JPEG copy the portal feed links to (made by storeListingImage).
    await fs.copyFile(listingJpegPath(src.file_key), listingJpegPath(file_key), fsConstants.COPYFILE_EXCL);
  } catch (error) {
    await deleteListingImageFiles(copy);
    throw error;
  }
  return copy;
}

const DAY = 24 * 60 * 60 * 1000;

// Seeds the demo listings when the properties table is empty. Expects a
// migrated database; touches neither banners nor users.
export async function seedDemo(
  db: Kysely<Database>,
): Promise<{ created: boolean; properties: number; images: number }> {
  const existing = await db
    .selectFrom("properties")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { created: false, properties: Number(existing.n), images: 0 };

  // Files first, rows in one transaction after; any failure removes the files.
  const written: StoredImage[] = [];
  const poolFiles: StoredImage[] = [];
  try {
    const pool = await encodePool(poolFiles);
    const galleries: StoredImage[][] = [];
    for (const p of LISTINGS) {
      const scenes = [p.cover, ...GALLERY[p.type].filter((s) => s !== p.cover)].slice(0, p.images);
      const images: StoredImage[] = [];
      for (const scene of scenes) {
        const img = await copyImage(pool[scene]);
        written.push(img);
        images.push(img);
      }
      galleries.push(images);
    }

    const now = Date.now();
    const step = (88 * DAY) / LISTINGS.length;
    await db.transaction().execute(async (trx) => {
      // Another seeder may have run meanwhile: never mix two demo sets.
      const again = await trx.selectFrom("properties").select("id").limit(1).executeTakeFirst();
      if (again) throw new Error("A tabela de imóveis deixou de estar vazia durante o seed.");
      for (const [i, p] of LISTINGS.entries()) {
        // Oldest first, so codes (max + 1 on an empty table) follow creation
        // order; odd minutes keep the dates distinct.
        const created_at = new Date(now - 89 * DAY + i * step + ((i * 7919) % 3600) * 1000).toISOString();
        const category = CATEGORIES.find((c) => c.slug === p.category);
        if (!category) throw new Error(`Categoria desconhecida: ${p.category}`);
        const [bedrooms, suites, bathrooms, parking_spaces] = p.rooms;
        await insertProperty(
          trx,
          {
            name: p.name,
            type: p.type,
            status: p.status,
            category: category.name,
            location: `${p.street} - ${p.neighborhood}, Três Lagoas - MS`,
            cep: p.cep.replace("-", ""),
            price: p.price === null ? null : cents(p.price * 100),
            area: p.area,
            bedrooms,
            suites,
            bathrooms,
            parking_spaces,
            description: p.description,
            featured: p.featured ?? false,
            standard: p.standard,
            is_exclusive: p.exclusive ?? false,
            advertised_for: p.advertised_for,
            created_at,
          },
          galleries[i],
        );
      }
    });
  } catch (error) {
    await Promise.all(written.map((img) => deleteListingImageFiles(img)));
    throw error;
  } finally {
    // The pool's own files are only sources for the copies.
    await Promise.all(poolFiles.map((img) => deleteListingImageFiles(img)));
  }
  return { created: true, properties: LISTINGS.length, images: written.length };
}
