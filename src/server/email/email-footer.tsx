import { Hr, Text } from '@react-email/components';
import { identity } from '../../lib/identity.ts';
import { isLanguage } from '../../lib/i18n/languages.ts';
import { languageI18n } from '../../lib/i18n/i18n.ts';

/** Every message's last line: who sent it and where to write (the product's identity, src/lib/identity.ts). */
export async function footerText(lang: string): Promise<string> {
  const i18n = await languageI18n(isLanguage(lang) ? lang : 'en');
  return i18n.t('common:email.footer', { name: identity.name, email: identity.contactEmail });
}

export function EmailFooter({ text }: { text: string }) {
  return (
    <>
      <Hr style={{ borderColor: '#e5e5e5', margin: '24px 0 12px' }} />
      <Text style={{ color: '#666666', fontSize: '12px', margin: 0 }}>{text}</Text>
    </>
  );
}
