/**
 * State that must exist once per process, however often its module is evaluated. In development,
 * Vite's module runner evaluates the server modules again after an edit (its "program reload"
 * drops every evaluated module): a module-level variable would then open a second embedded
 * database on the same folder, or empty the development mailbox. Elsewhere (production, tests,
 * the database scripts) a module is evaluated once, and this is a plain object of that module.
 */
export function processWide<T extends object>(name: string, create: () => T): T {
  if (process.env.NODE_ENV !== 'development') return create();
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[Symbol.for(`springboard:${name}`)] ??= create());
}
