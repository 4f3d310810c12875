// The tests use Debian's own tools, never downloaded ones: Chromium for the
// end-to-end tests, poppler's pdfsig as the independent verifier of the
// agency's PDF signatures (docs/decisions/0079-verifiable-documents.md).
// Whatever is missing is installed where we can (root on Debian); otherwise
// this stops with a message that says what to do.
import { execSync } from "node:child_process";
import fs from "node:fs";

// The file each package brings, by package.
const NEEDED: Record<string, string> = { chromium: "/usr/bin/chromium", "poppler-utils": "/usr/bin/pdfsig" };

const missing = Object.entries(NEEDED)
  .filter(([, file]) => !fs.existsSync(file))
  .map(([pkg]) => pkg);
if (missing.length > 0) install(missing);

function install(packages: string[]) {
  const list = packages.join(" ");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(
      `Faltam pacotes Debian para os testes: ${list}. Instale-os (sudo apt-get install -y ${list}) e rode os testes de novo.`,
    );
    process.exit(1);
  }
  console.log(`Instalando os pacotes Debian que faltam para os testes: ${list}...`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${list}`, {
      stdio: "inherit",
    });
  } catch {
    console.error(`Falha ao instalar ${list} com apt-get. Instale-os manualmente.`);
    process.exit(1);
  }
  for (const pkg of packages)
    if (!fs.existsSync(NEEDED[pkg])) {
      console.error(`O pacote ${pkg} foi instalado, mas ${NEEDED[pkg]} não existe.`);
      process.exit(1);
    }
}
