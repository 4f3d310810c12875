// A public form's submit button (data-busy-label) says "Enviando..." and
// takes no second click from the moment its form is sent until the next page
// loads. What the page's other scripts did first decides: a submission they
// cancelled (event.defaultPrevented) leaves the button as it was.
export function enhanceBusyButton(button: HTMLButtonElement) {
  const form = button.form;
  const label = button.dataset.busyLabel;
  if (!form || !label) return;
  const idle = button.innerHTML;
  form.addEventListener("submit", (event) => {
    // After the event: a disabled button sent with the form would drop its value.
    setTimeout(() => {
      if (event.defaultPrevented) return;
      button.disabled = true;
      button.textContent = label;
    });
  });
  // Back to this page from the browser's history: it can be sent again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    button.disabled = false;
    button.innerHTML = idle;
  });
}
