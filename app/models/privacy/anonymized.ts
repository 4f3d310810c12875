// What replaces a visitor's personal fields once a request is anonymised
// (an erasure, or the retention period). Client-safe: the inboxes show it.
// ".invalid" is a reserved domain (RFC 2606): the address can never reach anyone.
export const ANONYMIZED = {
  name: "Anonimizado",
  email: "anonimizado@lgpd.invalid",
  text: "[Dados removidos conforme a LGPD]",
} as const;
