// What the LGPD erasure keeps of a tenant with money history, why and for how
// long (docs/decisions/0062-nothing-fiscal-deleted.md), in the words the
// erasure's result page and the privacy policy (/privacidade) both use.
// Client-safe, plain strings: the public page ships no zod.

export const FISCAL_KEPT =
  "nome, CPF ou CNPJ, endereço do imóvel, datas e valores do contrato, o arquivo do contrato, as cobranças, os recibos (com seus PDFs), os repasses aos proprietários e os dados da DIMOB e dos informes de rendimentos";

export const FISCAL_WHY =
  "a lei autoriza guardar dados pessoais para cumprir obrigação legal (LGPD, art. 16, I): a imobiliária declara à Receita Federal os aluguéis que recebe (DIMOB) e deve conservar os comprovantes dos seus lançamentos até a prescrição dos tributos a que se referem (Código Tributário Nacional, art. 195, parágrafo único)";

export const FISCAL_HOW_LONG =
  "pelo menos cinco anos, contados do ano seguinte ao do último pagamento (CTN, arts. 173 e 174)";

export const FISCAL_GONE =
  "email, telefone, login, pedidos de manutenção (textos, fotos e documentos), vistorias (fotos e relatórios), boletos aguardando processamento e o texto dos emails enviados";
