// The privacy notice of the public forms. The form posts this hidden field
// beside the notice's text; its request row stores when that form was sent
// (privacy_notice_at). Client-safe and zod-free: the public components import it.
export const PRIVACY_NOTICE_FIELD = "privacyNotice";
export const PRIVACY_NOTICE_SHOWN = "1";
export const PRIVACY_PATH = "/privacidade";
