import Bowser from 'bowser';

export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  if (!name && !os.name) return null;
  return os.name ? (name ? `${name} · ${os.name}` : os.name) : name;
}
