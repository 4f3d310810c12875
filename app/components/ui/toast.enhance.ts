// The public pages' toasts (docs/decisions/0046): the server renders them
// (ToastView, from the flash cookie, or inside a <template> for a message
// the page shows itself, such as "Link copiado!"); this script closes them.

const TOAST = "[data-testid=toast]";

export function enhanceToast(toast: Element) {
  const remove = () => toast.remove();
  toast.querySelector("[data-toast-close]")?.addEventListener("click", remove);
  // The CSS animation (app.css .toast-auto) fades it out; then it goes.
  toast.addEventListener("animationend", remove);
}

// Shows the toast kept in a <template>: one toast at a time.
export function showToast(template: HTMLTemplateElement) {
  for (const old of document.querySelectorAll(TOAST)) old.remove();
  const toast = (template.content.cloneNode(true) as DocumentFragment).firstElementChild;
  if (!toast) return;
  document.body.append(toast);
  enhanceToast(toast);
}

export function enhanceToasts() {
  for (const toast of document.querySelectorAll(TOAST)) enhanceToast(toast);
}
