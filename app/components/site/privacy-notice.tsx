import { Link } from "react-router";
import { PRIVACY_NOTICE_FIELD, PRIVACY_NOTICE_SHOWN, PRIVACY_PATH } from "#app/models/privacy/notice";
import { useAgency } from "#app/utils/root-data";

// The short LGPD notice under a public form, with the hidden field that lets
// the request row record when a form showing it was sent. Goes inside the <Form>.
export function PrivacyNotice() {
  const agency = useAgency();
  return (
    <p className="text-xs leading-relaxed text-slate-600">
      <input type="hidden" name={PRIVACY_NOTICE_FIELD} value={PRIVACY_NOTICE_SHOWN} />
      Ao enviar, você concorda que a {agency.name} use esses dados só para responder a esta solicitação. Veja como
      cuidamos deles e os seus direitos na{" "}
      <Link to={PRIVACY_PATH} className="font-medium text-brand-700 underline hover:text-brand-800">
        Política de Privacidade
      </Link>
      .
    </p>
  );
}
