import { EMAIL_TONE_CLASS, statementEmailState } from "#app/models/owners/email-state";

// Where the owner's copy of a final statement stands (its row in the email
// outbox, joined by models/owners/transfers.server.ts).
export function EmailState({ statement }: { statement: Parameters<typeof statementEmailState>[0] }) {
  const state = statementEmailState(statement);
  return <span className={EMAIL_TONE_CLASS[state.tone]}>{state.text}</span>;
}
