// Keeps Tab inside a dialog: from its last focusable element to its first and back (the
// dialog's own focus counts as before the first). One rule for every modal surface.

/** Handles a Tab `event` inside `container`, whose focusable elements `selector` finds. */
export function trapTab(event: KeyboardEvent, container: HTMLElement, selector: string): void {
  const focusable = [...container.querySelectorAll<HTMLElement>(selector)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
