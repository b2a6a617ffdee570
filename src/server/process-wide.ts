// Vite's module runner evaluates server modules again after an edit: a module-level variable would
// open a second embedded database on the same folder, or empty the development mailbox.
export function processWide<T extends object>(name: string, create: () => T): T {
  if (process.env.NODE_ENV !== 'development') return create();
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[Symbol.for(`process-wide:${name}`)] ??= create());
}
