// The ad form's state between its steps. Each step is its own URL and the layout remounts the
// page on every path change (its error boundary is keyed by path), so the form keeps what has
// been typed here, one entry per form ('insert' or the edited ad's id), dropped once sent.

const memory = new Map<string, unknown>();

export function recall(key: string): unknown {
  return memory.get(key);
}

export function remember(key: string, value: unknown): void {
  memory.set(key, value);
}

export function forget(key: string): void {
  memory.delete(key);
}
