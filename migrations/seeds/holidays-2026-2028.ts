// A rent billing due on one of these days may be paid on the next business day without multa or
// juros (Código Civil art. 132 §1º; Lei 7.089/1983). Kept as data, not computed, because each kind
// changes by a different hand and staff must be able to correct it:
// - nacional: Lei 662/1949 (red. Lei 10.607/2002), Lei 6.802/1980, Lei 14.759/2023.
// - bancario: no federal law makes these holidays, yet the banks do not open: Carnaval and
//   Corpus Christi (Res. CMN 4.880/2020, FEBRABAN), Sexta-feira Santa (Lei 9.093/1995 art. 2º,
//   FEBRABAN's national list), the year's last business day (FEBRABAN; 29/12 in 2028, when 31/12
//   is a Sunday).
// - estadual: Mato Grosso do Sul's Lei 10/1979. municipal: Três Lagoas' yearly holiday decrees (the
//   municipal law was not found; Santo Antônio, 13/06, is not a holiday there). Corpus Christi is
//   municipal there too but stays bancario, the wider reason.
// Easter-based days from Easter 2026-04-05, 2027-03-28, 2028-04-16.

type HolidayScope = "nacional" | "bancario" | "estadual" | "municipal";

export type HolidaySeed = {
  day: string; // yyyy-MM-dd
  name: string; // Portuguese, as people say it
  scope: HolidayScope;
  source: string; // the law or calendar, short
};

const LEI_662 = "Lei 662/1949, art. 1º (red. Lei 10.607/2002)";
const LEI_6802 = "Lei 6.802/1980, art. 1º";
const LEI_14759 = "Lei 14.759/2023, art. 1º";
const CARNAVAL = "Res. CMN 4.880/2020; calendário FEBRABAN";
const PAIXAO = "Lei 9.093/1995, art. 2º; calendário FEBRABAN";
const CORPUS_CHRISTI = "Res. CMN 4.880/2020; calendário FEBRABAN";
const ULTIMO_DIA_UTIL = "Calendário FEBRABAN (último dia útil do ano, sem expediente ao público)";
const MS_LEI_10 = "Lei estadual MS 10/1979, art. 1º";
const TRES_LAGOAS = "Decreto anual de feriados da Prefeitura de Três Lagoas";

export const HOLIDAY_SEEDS_2026_2028: readonly HolidaySeed[] = [
  // 2026
  { day: "2026-01-01", name: "Confraternização Universal", scope: "nacional", source: LEI_662 },
  { day: "2026-02-16", name: "Carnaval (segunda-feira)", scope: "bancario", source: CARNAVAL },
  { day: "2026-02-17", name: "Carnaval (terça-feira)", scope: "bancario", source: CARNAVAL },
  { day: "2026-04-03", name: "Sexta-feira Santa", scope: "bancario", source: PAIXAO },
  { day: "2026-04-21", name: "Tiradentes", scope: "nacional", source: LEI_662 },
  { day: "2026-05-01", name: "Dia do Trabalho", scope: "nacional", source: LEI_662 },
  { day: "2026-06-04", name: "Corpus Christi", scope: "bancario", source: CORPUS_CHRISTI },
  { day: "2026-06-15", name: "Aniversário de Três Lagoas", scope: "municipal", source: TRES_LAGOAS },
  { day: "2026-09-07", name: "Independência do Brasil", scope: "nacional", source: LEI_662 },
  { day: "2026-10-11", name: "Criação do Estado de Mato Grosso do Sul", scope: "estadual", source: MS_LEI_10 },
  { day: "2026-10-12", name: "Nossa Senhora Aparecida", scope: "nacional", source: LEI_6802 },
  { day: "2026-11-02", name: "Finados", scope: "nacional", source: LEI_662 },
  { day: "2026-11-15", name: "Proclamação da República", scope: "nacional", source: LEI_662 },
  { day: "2026-11-20", name: "Consciência Negra", scope: "nacional", source: LEI_14759 },
  { day: "2026-12-25", name: "Natal", scope: "nacional", source: LEI_662 },
  { day: "2026-12-31", name: "Último dia útil do ano (bancos fechados)", scope: "bancario", source: ULTIMO_DIA_UTIL },

  // 2027
  { day: "2027-01-01", name: "Confraternização Universal", scope: "nacional", source: LEI_662 },
  { day: "2027-02-08", name: "Carnaval (segunda-feira)", scope: "bancario", source: CARNAVAL },
  { day: "2027-02-09", name: "Carnaval (terça-feira)", scope: "bancario", source: CARNAVAL },
  { day: "2027-03-26", name: "Sexta-feira Santa", scope: "bancario", source: PAIXAO },
  { day: "2027-04-21", name: "Tiradentes", scope: "nacional", source: LEI_662 },
  { day: "2027-05-01", name: "Dia do Trabalho", scope: "nacional", source: LEI_662 },
  { day: "2027-05-27", name: "Corpus Christi", scope: "bancario", source: CORPUS_CHRISTI },
  { day: "2027-06-15", name: "Aniversário de Três Lagoas", scope: "municipal", source: TRES_LAGOAS },
  { day: "2027-09-07", name: "Independência do Brasil", scope: "nacional", source: LEI_662 },
  { day: "2027-10-11", name: "Criação do Estado de Mato Grosso do Sul", scope: "estadual", source: MS_LEI_10 },
  { day: "2027-10-12", name: "Nossa Senhora Aparecida", scope: "nacional", source: LEI_6802 },
  { day: "2027-11-02", name: "Finados", scope: "nacional", source: LEI_662 },
  { day: "2027-11-15", name: "Proclamação da República", scope: "nacional", source: LEI_662 },
  { day: "2027-11-20", name: "Consciência Negra", scope: "nacional", source: LEI_14759 },
  { day: "2027-12-25", name: "Natal", scope: "nacional", source: LEI_662 },
  { day: "2027-12-31", name: "Último dia útil do ano (bancos fechados)", scope: "bancario", source: ULTIMO_DIA_UTIL },

  // 2028
  { day: "2028-01-01", name: "Confraternização Universal", scope: "nacional", source: LEI_662 },
  { day: "2028-02-28", name: "Carnaval (segunda-feira)", scope: "bancario", source: CARNAVAL },
  { day: "2028-02-29", name: "Carnaval (terça-feira)", scope: "bancario", source: CARNAVAL },
  { day: "2028-04-14", name: "Sexta-feira Santa", scope: "bancario", source: PAIXAO },
  { day: "2028-04-21", name: "Tiradentes", scope: "nacional", source: LEI_662 },
  { day: "2028-05-01", name: "Dia do Trabalho", scope: "nacional", source: LEI_662 },
  // Also Três Lagoas' anniversary this year.
  { day: "2028-06-15", name: "Corpus Christi", scope: "bancario", source: CORPUS_CHRISTI },
  { day: "2028-09-07", name: "Independência do Brasil", scope: "nacional", source: LEI_662 },
  { day: "2028-10-11", name: "Criação do Estado de Mato Grosso do Sul", scope: "estadual", source: MS_LEI_10 },
  { day: "2028-10-12", name: "Nossa Senhora Aparecida", scope: "nacional", source: LEI_6802 },
  { day: "2028-11-02", name: "Finados", scope: "nacional", source: LEI_662 },
  { day: "2028-11-15", name: "Proclamação da República", scope: "nacional", source: LEI_662 },
  { day: "2028-11-20", name: "Consciência Negra", scope: "nacional", source: LEI_14759 },
  { day: "2028-12-25", name: "Natal", scope: "nacional", source: LEI_662 },
  { day: "2028-12-29", name: "Último dia útil do ano (bancos fechados)", scope: "bancario", source: ULTIMO_DIA_UTIL },
];
