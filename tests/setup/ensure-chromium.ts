// The end-to-end tests drive Debian's Chromium (never a downloaded browser).
// When it is missing, install it where we can (root on Debian); otherwise stop
// with a message that says what to do.
import { execSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

if (fs.existsSync(CHROMIUM)) {
  process.exit(0);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = fs.existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `Chromium não encontrado em ${CHROMIUM}. Instale o pacote Debian "chromium" (sudo apt-get install -y chromium) e rode os testes de novo.`,
  );
  process.exit(1);
}
console.log("Chromium não encontrado: instalando o pacote Debian 'chromium'...");
try {
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
} catch {
  console.error("Falha ao instalar o Chromium com apt-get. Instale o pacote 'chromium' manualmente.");
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`O pacote foi instalado, mas ${CHROMIUM} não existe.`);
  process.exit(1);
}
