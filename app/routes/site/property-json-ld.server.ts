import { fallbackDescription } from "#app/models/properties/describe";
import { imageUrl } from "#app/models/properties/images";
import type { PropertyDetail } from "#app/models/properties/types";
import { formatPropertyCode } from "#app/models/properties/search";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { reaisDecimal } from "#app/models/shared/money";

// A property page's structured data (schema.org RealEstateListing), for
// search engines; absolute URLs from the configured origin.
export function propertyJsonLd(property: PropertyDetail) {
  const url = absoluteUrl(`/imoveis/${property.id}`);
  const agency = getAgency();
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: property.name,
    description: property.description ?? fallbackDescription(property),
    url,
    datePosted: property.created_at,
    image: property.images.map((img) => absoluteUrl(imageUrl(img.file_key, img.widths[img.widths.length - 1]))),
    identifier: formatPropertyCode(property.property_code),
    provider: {
      "@type": "RealEstateAgent",
      name: agency.name,
      url: absoluteUrl("/"),
      telephone: `+${agency.phone}`,
      email: agency.email,
    },
    ...(property.price_cents != null
      ? {
          offers: {
            "@type": "Offer",
            price: reaisDecimal(property.price_cents),
            priceCurrency: "BRL",
            availability: "https://schema.org/InStock",
            url,
          },
        }
      : {}),
    about: {
      "@type": "Accommodation",
      name: property.name,
      ...(property.area > 0
        ? { floorSize: { "@type": "QuantitativeValue", value: property.area, unitCode: "MTK" } }
        : {}),
      ...(property.bedrooms > 0 ? { numberOfBedrooms: property.bedrooms } : {}),
      ...(property.bathrooms > 0 ? { numberOfBathroomsTotal: property.bathrooms } : {}),
      address: {
        "@type": "PostalAddress",
        streetAddress: property.location,
        addressLocality: "Três Lagoas",
        addressRegion: "MS",
        addressCountry: "BR",
      },
    },
  };
}
