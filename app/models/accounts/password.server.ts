import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes): ~50 ms here.
export function hashPassword(password: string) {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to compare against when the account does not exist, so a wrong
// username costs the same time as a wrong password.
let dummy: Promise<string> | undefined;
export function dummyHash() {
  dummy ??= hash("not-a-real-password-0");
  return dummy;
}
