import { whatsappLink } from "#app/config/agency";
import { useAgency } from "#app/utils/root-data";
import { WhatsAppIcon } from "./whatsapp-icon";

// Floating chat button with the "Posso te ajudar?" bubble; timing in app.css.
export function WhatsAppButton() {
  const agency = useAgency();
  return (
    <a
      href={whatsappLink(agency)}
      target="_blank"
      rel="noopener noreferrer"
      className="wa-float fixed right-4 bottom-4 z-50 flex items-center gap-3"
      aria-label="Conversar pelo WhatsApp"
    >
      <span className="wa-bubble rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-lg ring-1 ring-slate-200" data-testid="wa-bubble">
        Posso te ajudar?
      </span>
      <span className="flex size-14 items-center justify-center rounded-full bg-[#157a3f] text-white shadow-lg transition hover:scale-105">
        <WhatsAppIcon className="size-8" />
      </span>
    </a>
  );
}
