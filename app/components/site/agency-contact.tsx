import { Clock, Mail, MapPin, Phone } from "#app/components/ui/icons";
import { mapEmbedUrl, whatsappLink } from "#app/config/agency";
import { useAgency } from "#app/utils/root-data";
import { WhatsAppIcon } from "./whatsapp-icon";

export function AgencyContactList() {
  const agency = useAgency();
  return (
    <ul className="space-y-4 text-slate-700">
      <li className="flex gap-3">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>{agency.address}</span>
      </li>
      <li className="flex gap-3">
        <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <a href={`tel:+${agency.phone}`} className="hover:text-brand-800 hover:underline">
          {agency.phoneDisplay}
        </a>
      </li>
      <li className="flex gap-3">
        <WhatsAppIcon className="mt-0.5 size-5 shrink-0 text-[#157a3f]" />
        <a
          href={whatsappLink(agency)}
          target="_blank"
          rel="noopener noreferrer"
          className="hover:text-brand-800 hover:underline"
        >
          {agency.whatsappDisplay} (WhatsApp)
        </a>
      </li>
      <li className="flex gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <a href={`mailto:${agency.email}`} className="break-all hover:text-brand-800 hover:underline">
          {agency.email}
        </a>
      </li>
      <li className="flex gap-3">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>
          {agency.hours}
          <br />
          {agency.hoursWeekend}
        </span>
      </li>
    </ul>
  );
}

// An embedded map, lazy so it costs nothing until scrolled to.
export function MapEmbed({ query, title }: { query: string; title: string }) {
  return (
    <iframe
      title={title}
      src={mapEmbedUrl(query)}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      className="h-72 w-full rounded-xl border-0 bg-slate-100 shadow-sm"
    />
  );
}
