import { whatsappLink } from "#app/config/agency";
import { useAgency } from "#app/utils/root-data";
import { WhatsAppIcon } from "./whatsapp-icon";

// Floating chat button with the "Posso te ajudar?" bubble; timing in app.css.
// The link's own box spans the bubble even while the bubble is hidden, so it
// takes no pointer events itself (pointer-events-none): only its visible
// parts do (the round button always, the bubble while shown), and the
// "Ver Detalhes" or "Conversar no WhatsApp" under the empty strip gets the tap.
export function WhatsAppButton() {
  const agency = useAgency();
  return (
    <a
      href={whatsappLink(agency)}
      target="_blank"
      rel="noopener noreferrer"
      className="wa-float pointer-events-none fixed right-4 bottom-4 z-50 flex items-center gap-3"
      aria-label="Conversar pelo WhatsApp"
    >
      <span
        className="wa-bubble pointer-events-auto rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-lg ring-1 ring-slate-200"
        data-testid="wa-bubble"
      >
        Posso te ajudar?
      </span>
      <span className="pointer-events-auto flex size-14 items-center justify-center rounded-full bg-[#157a3f] text-white shadow-lg transition hover:scale-105">
        <WhatsAppIcon className="size-8" />
      </span>
    </a>
  );
}
