import EmblaCarousel from "embla-carousel";

const AUTO_SCROLL_MS = 6000; // docs/product.md §Início

// "Destaques" (featured-carousel.tsx) as embla's carousel with the spec's
// constants: loop, duration 80, in-view threshold 0.7; it moves by itself
// every 6 s, counted again after the visitor drags it or uses its buttons.
//
// It starts when it comes near the screen, not with the page: embla measures
// every slide when it starts, which makes the browser lay out the whole page;
// on a slow phone that was a task of 30-90 ms while the page was still
// loading, for a section below the fold (docs/decisions/0046).
export function enhanceFeaturedCarousel(root: HTMLElement) {
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      near.disconnect();
      startCarousel(root);
    },
    { rootMargin: "300px 0px" },
  );
  near.observe(root);
}

function startCarousel(root: HTMLElement) {
  const viewport = root.querySelector<HTMLElement>("[data-viewport]");
  if (!viewport) return;
  // Embla moves the strip itself: the no-JavaScript scrolling goes.
  viewport.className = "overflow-hidden";
  const embla = EmblaCarousel(viewport, { loop: true, duration: 80, inViewThreshold: 0.7, align: "start" });
  const controls = root.querySelector<HTMLElement>("[data-controls]");
  if (!controls) return;
  controls.hidden = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const restart = () => {
    clearInterval(timer);
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches)
      timer = setInterval(() => embla.scrollNext(), AUTO_SCROLL_MS);
  };
  for (const button of controls.querySelectorAll<HTMLButtonElement>("button[data-step]"))
    button.addEventListener("click", () => {
      if (button.dataset.step === "1") embla.scrollNext();
      else embla.scrollPrev();
      restart();
    });
  embla.on("pointerDown", restart);
  restart();
}
