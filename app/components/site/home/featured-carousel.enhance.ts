import EmblaCarousel from "embla-carousel";

const AUTO_SCROLL_MS = 6000; // docs/product.md §Início

// "Destaques" (featured-carousel.tsx) as embla's carousel with the spec's
// constants: loop, duration 80, in-view threshold 0.7; it moves by itself
// every 6 s, counted again after the visitor drags it or uses its buttons.
export function enhanceFeaturedCarousel(root: HTMLElement) {
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
