import { ChevronLeft, ChevronRight } from "#app/components/ui/icons";
import { preload } from "react-dom";
import { Link } from "react-router";
import type { PublicBanner } from "#app/models/banners/types";

// The device classes of the banners (mobile = under 768 px), as the
// <source> below and the md: classes split them.
const MOBILE = "(max-width: 767.98px)";
const DESKTOP = "(min-width: 768px)";

function deviceClass(b: { showOnMobile: boolean; showOnDesktop: boolean }) {
  if (b.showOnMobile && !b.showOnDesktop) return "md:hidden";
  if (b.showOnDesktop && !b.showOnMobile) return "hidden md:block";
  return "";
}

// Home slider. The slides are a CSS scroll-snap strip, so they can be swiped
// and the dots (anchors) work without JavaScript; the site's script
// (banner-slider.enhance.ts) adds auto-advance every 5 s, previous/next and
// the active dot. Slides meant for one device class are hidden by CSS on the
// other (mobile = under 768 px).
export function BannerSlider({ banners }: { banners: PublicBanner[] }) {
  const hasMobile = banners.some((b) => b.showOnMobile);
  const hasDesktop = banners.some((b) => b.showOnDesktop);
  const firstMobile = banners.findIndex((b) => b.showOnMobile);
  const firstDesktop = banners.findIndex((b) => b.showOnDesktop);
  // The first slide a device shows is the home page's largest paint. Its
  // image sits in a <picture> after the inline stylesheet and the header, so
  // React's own preload of a high-priority <img> does not apply: ask for it
  // from the head, each for the screen width it is shown at (decision 0049).
  if (firstMobile >= 0)
    preload(banners[firstMobile].mobileImageUrl, { as: "image", fetchPriority: "high", media: MOBILE });
  if (firstDesktop >= 0)
    preload(banners[firstDesktop].imageUrl, { as: "image", fetchPriority: "high", media: DESKTOP });

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques da imobiliária"
      className="relative bg-brand-900"
      data-banner-slider
    >
      {!hasMobile || !hasDesktop ? (
        <div className={!hasMobile && !hasDesktop ? "" : !hasMobile ? "md:hidden" : "hidden md:block"}>
          <FallbackPanel />
        </div>
      ) : null}
      <div className="no-scrollbar flex snap-x snap-mandatory overflow-x-auto" data-slides>
        {banners.map((b, i) => (
          <div
            key={b.id}
            id={`slide-${b.id}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${banners.length}`}
            className={`relative w-full shrink-0 snap-start ${deviceClass(b)}`}
          >
            <picture>
              <source media={DESKTOP} srcSet={b.imageUrl} />
              <img
                src={b.mobileImageUrl}
                alt=""
                width={768}
                height={960}
                // Eager only when this slide comes first on both device
                // classes: an eager image is fetched even where its slide is
                // hidden, and the preload above already covers each first.
                loading={i === firstMobile && i === firstDesktop ? "eager" : "lazy"}
                fetchPriority={i === firstMobile || i === firstDesktop ? "high" : undefined}
                className="aspect-[4/5] max-h-[70vh] w-full object-cover md:aspect-[8/3] md:max-h-[560px]"
              />
            </picture>
            <div className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent md:bg-gradient-to-r md:from-black/70 md:via-black/35 md:to-transparent" />
            <div className="absolute inset-x-0 bottom-0 mx-auto max-w-7xl px-6 pb-14 md:top-0 md:px-20 md:flex md:flex-col md:justify-center md:pb-0">
              <h2 className="max-w-xl text-3xl font-bold text-white drop-shadow md:text-5xl">{b.title}</h2>
              {b.subtitle ? <p className="mt-3 max-w-lg text-base text-slate-100 md:text-xl">{b.subtitle}</p> : null}
              {b.link ? (
                <Link
                  to={b.link}
                  className="mt-6 inline-flex w-fit rounded-md bg-gold-500 px-6 py-3 font-semibold text-brand-900 shadow hover:bg-gold-400"
                >
                  {b.btnText}
                </Link>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {banners.length > 1 ? (
        <>
          {/* From 768 px the "Encontre seu Imóvel" card overlaps the slider's
              bottom 40 px (HomeSearch: md:-mt-10): the dots sit above it. */}
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1 md:bottom-14">
            {banners.map((b, i) => (
              <a
                key={b.id}
                href={`#slide-${b.id}`}
                aria-label={`Ir para o banner ${i + 1}`}
                data-dot
                className={`group flex h-6 min-w-6 items-center justify-center ${deviceClass(b)}`}
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-white/70 transition-all group-hover:bg-white group-aria-[current=true]:w-8 group-aria-[current=true]:bg-gold-400" />
              </a>
            ))}
          </div>
          {/* Previous and next need the script: hidden until it runs. */}
          <button
            type="button"
            hidden
            data-step={-1}
            aria-label="Banner anterior"
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/80 p-1.5 text-brand-900 shadow hover:bg-white md:left-3 md:p-2"
          >
            <ChevronLeft aria-hidden className="size-6" />
          </button>
          <button
            type="button"
            hidden
            data-step={1}
            aria-label="Próximo banner"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/80 p-1.5 text-brand-900 shadow hover:bg-white md:right-3 md:p-2"
          >
            <ChevronRight aria-hidden className="size-6" />
          </button>
        </>
      ) : null}
    </section>
  );
}

// Shown when no active banner exists for the device (docs/product.md §Início,
// 1).
function FallbackPanel() {
  return (
    <div className="bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-20 text-center text-white md:py-28">
      <h2 className="text-3xl font-bold md:text-5xl">Bem-vindo à Nossa Imobiliária</h2>
      <p className="mt-4 text-lg text-slate-100">Encontre o imóvel dos seus sonhos conosco</p>
      <Link
        to="/imoveis"
        className="mt-8 inline-flex rounded-md bg-gold-500 px-6 py-3 font-semibold text-brand-900 hover:bg-gold-400"
      >
        Ver Imóveis
      </Link>
    </div>
  );
}
