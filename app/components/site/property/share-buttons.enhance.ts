import { showToast } from "#app/components/ui/toast.enhance";

// "Compartilhar" (share-buttons.tsx): the phone's share sheet, or the link
// copied with "Link copiado!". Without JavaScript it cannot work, so it stays
// invisible (keeping its place) until this runs; the Facebook link needs nothing.
export function enhanceShare(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>("[data-share-button]");
  const url = root.dataset.share;
  if (!button || !url) return;
  const title = root.dataset.shareTitle ?? document.title;
  const toast = (name: string) => {
    const template = root.querySelector<HTMLTemplateElement>(`template[${name}]`);
    if (template) showToast(template);
  };
  button.classList.remove("invisible");
  button.addEventListener("click", async () => {
    if (navigator.share) {
      // The visitor closing the sheet is not a failure: nothing to say.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast("data-share-copied");
    } catch {
      toast("data-share-failed");
    }
  });
}
