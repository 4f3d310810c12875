const AUTO_ADVANCE_MS = 5000; // docs/product.md §Início

// The home slider (banner-slider.tsx): auto-advance, previous/next, the
// active dot, and smooth scrolling for the dots. Which slides are visible
// depends on the screen width (slides for one device class are hidden by
// CSS), so they are read from the page each time, never counted once.
export function enhanceBannerSlider(root: HTMLElement) {
  const found = root.querySelector<HTMLElement>("[data-slides]");
  if (!found) return;
  const strip: HTMLElement = found;
  const dots = [...root.querySelectorAll<HTMLAnchorElement>("a[data-dot]")];
  const visibleSlides = () =>
    [...strip.children].filter((c) => (c as HTMLElement).offsetParent !== null) as HTMLElement[];
  let active = 0;
  let paused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  function goTo(index: number) {
    const slides = visibleSlides();
    if (slides.length === 0) return;
    const i = (index + slides.length) % slides.length;
    strip.scrollTo({ left: slides[i].offsetLeft - strip.offsetLeft, behavior: "smooth" });
  }

  function onScroll() {
    const now = Math.round(strip.scrollLeft / Math.max(1, strip.clientWidth));
    // Each slide stays its full 5 s, however it came into view.
    if (now !== active) restart();
    active = now;
    const id = visibleSlides()[active]?.id;
    for (const dot of dots) dot.setAttribute("aria-current", String(dot.hash === `#${id}`));
  }
  strip.addEventListener("scroll", onScroll, { passive: true });
  requestAnimationFrame(onScroll);

  for (const dot of dots)
    dot.addEventListener("click", (event) => {
      event.preventDefault();
      const index = visibleSlides().findIndex((s) => `#${s.id}` === dot.hash);
      if (index >= 0) goTo(index);
    });
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-step]")) {
    button.hidden = false;
    button.addEventListener("click", () => goTo(active + Number(button.dataset.step)));
  }

  // Paused while the pointer or the focus is on the slider.
  strip.addEventListener("mouseenter", () => (paused = true));
  strip.addEventListener("mouseleave", () => (paused = false));
  strip.addEventListener("focusin", () => (paused = true));
  strip.addEventListener("focusout", () => (paused = false));
  restart();

  function restart() {
    clearInterval(timer);
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) timer = setInterval(advance, AUTO_ADVANCE_MS);
  }
  function advance() {
    if (!paused && visibleSlides().length > 1) goTo(active + 1);
  }
}
