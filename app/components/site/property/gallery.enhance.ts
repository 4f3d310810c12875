// The property page's gallery (gallery.tsx, lightbox.tsx): a photo's link
// opens the lightbox at that photo instead of the large file.
export function enhanceGallery(root: HTMLElement) {
  const dialog = root.querySelector<HTMLDialogElement>("dialog[data-lightbox]");
  if (!dialog) return;
  const photo = dialog.querySelector<HTMLImageElement>("[data-lightbox-photo]")!;
  const counter = dialog.querySelector<HTMLElement>("[data-lightbox-counter]")!;
  const thumbs = [...dialog.querySelectorAll<HTMLButtonElement>("[data-lightbox-index]")];
  const title = dialog.dataset.title ?? "";
  const total = thumbs.length;
  let index = 0;
  let overflow = "";

  function show(i: number) {
    index = (i + total) % total;
    photo.src = thumbs[index].dataset.src ?? photo.src;
    photo.alt = `${title}: foto ${index + 1} de ${total}`;
    counter.textContent = `${index + 1} de ${total}`;
    thumbs.forEach((t, n) => t.setAttribute("aria-current", String(n === index)));
    thumbs[index].scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-photo]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      overflow = document.body.style.overflow;
      document.body.style.overflow = "hidden";
      dialog.showModal();
      show(Number(link.dataset.photo));
      dialog.querySelector<HTMLButtonElement>("[data-lightbox-close]")?.focus();
    });
  }
  // Esc closes a modal dialog by itself; every way of closing ends here, and
  // the browser gives the focus back to the photo's link.
  dialog.addEventListener("close", () => {
    document.body.style.overflow = overflow;
  });
  dialog.querySelector("[data-lightbox-close]")?.addEventListener("click", () => dialog.close());
  for (const step of dialog.querySelectorAll<HTMLButtonElement>("[data-lightbox-step]"))
    step.addEventListener("click", () => show(index + Number(step.dataset.lightboxStep)));
  thumbs.forEach((t, n) => t.addEventListener("click", () => show(n)));
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") show(index + 1);
    else if (event.key === "ArrowLeft") show(index - 1);
  });
}
