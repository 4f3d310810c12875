import { enhanceBusyButton } from "#app/components/ui/busy-button.enhance";
import { enhanceToasts } from "#app/components/ui/toast.enhance";
import { enhanceHeader } from "./header.enhance";
import { enhanceBannerSlider } from "./home/banner-slider.enhance";
import { enhanceFeaturedCarousel } from "./home/featured-carousel.enhance";
import { enhanceHomeSearch } from "./home/home-sections.enhance";
import { enhanceGallery } from "./property/gallery.enhance";
import { enhanceShare } from "./property/share-buttons.enhance";
import { enhanceSiteSearch } from "./site-search-form.enhance";

// The public pages' only script (docs/decisions/0046): they are rendered by
// React on the server and never hydrated; each component that does something
// in the browser marks its root with a data attribute, and its enhancer here
// gives it that behaviour. The script closes <body>, async: it runs once the
// page above it is parsed, before the page's `load` (utils/page-scripts.tsx).
// Every page works without it.

function each<E extends Element>(selector: string, enhance: (element: E) => void) {
  for (const element of document.querySelectorAll<E>(selector)) {
    try {
      enhance(element);
    } catch (error) {
      // One component failing leaves the others, and its own HTML, working.
      reportError(error);
    }
  }
}

each<HTMLElement>("header:has(details[data-mobile-menu])", enhanceHeader);
each<HTMLFormElement>("form[data-site-search]", enhanceSiteSearch);
each<HTMLFormElement>("form[data-home-search]", enhanceHomeSearch);
each<HTMLElement>("[data-banner-slider]", enhanceBannerSlider);
each<HTMLElement>("[data-featured-carousel]", enhanceFeaturedCarousel);
each<HTMLElement>("[data-gallery]", enhanceGallery);
each<HTMLElement>("[data-share]", enhanceShare);
each<HTMLButtonElement>("button[data-busy-label]", enhanceBusyButton);
enhanceToasts();
