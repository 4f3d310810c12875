// The measurement targets as the benchmark reports them: each with
// its figure and whether it was met, gathered for the final summary.

export type Goal = { target: string; figure: string; met: boolean | null }; // null: reported, no target

export function verdict(met: boolean | null) {
  return met === null ? "(sem meta)" : met ? "atingida" : "não atingida";
}

export class Goals {
  readonly list: Goal[] = [];

  add(target: string, figure: string, met: boolean | null) {
    this.list.push({ target, figure, met });
    return verdict(met);
  }

  print() {
    if (!this.list.length) return;
    const width = Math.max(...this.list.map((g) => g.target.length), 4);
    const figureWidth = Math.max(...this.list.map((g) => g.figure.length), 5);
    console.log("\nResumo das metas:");
    console.log(`  ${"meta".padEnd(width)}  ${"valor".padEnd(figureWidth)}  resultado`);
    for (const g of this.list)
      console.log(`  ${g.target.padEnd(width)}  ${g.figure.padEnd(figureWidth)}  ${verdict(g.met)}`);
    const judged = this.list.filter((g) => g.met !== null);
    console.log(`  ${judged.filter((g) => g.met).length} de ${judged.length} metas atingidas`);
  }
}
