import { Phone } from "#app/components/ui/icons";
import { WhatsAppIcon } from "#app/components/site/whatsapp-icon";

// On phones, the property's two quickest contacts stay at hand at the bottom
// of the screen. Hidden from 768 px, where the contact box is in view. While
// it is on the page, app.css pads the page's end so the footer is never
// under it, and hides the floating WhatsApp button (this bar has one).
export function ContactBar({ whatsappHref, phone }: { whatsappHref: string; phone: string }) {
  return (
    <div
      data-contact-bar
      className="fixed inset-x-0 bottom-0 z-40 flex gap-3 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
    >
      <a
        href={whatsappHref}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-md bg-[#157a3f] px-3 font-semibold text-white"
      >
        <WhatsAppIcon className="size-5" /> WhatsApp
      </a>
      <a
        href={`tel:+${phone}`}
        className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-md border-2 border-brand-800 px-3 font-semibold text-brand-800"
      >
        <Phone aria-hidden className="size-5" /> Ligar
      </a>
    </div>
  );
}
